/// Builds the Core Data models and environment schemas of the model rules' examples, laid out as Xcode and
/// cktool write them, so that each example says only what differs. A `↓` before a line marks where the rule
/// reports.
enum ModelExampleText {
    /// A model file: the entities, then the configurations; "Used with CloudKit" unless `mirrored` is false.
    static func model(_ entities: String..., configurations: [String] = [], mirrored: Bool = true) -> String {
        "<model\(mirrored ? " usedWithCloudKit=\"YES\"" : "")>\n" + entities.joined()
            + configurations.map { "    \($0)\n" }.joined() + "</model>"
    }

    /// An entity with one line per attribute or relationship; `marked` puts `↓` before it.
    static func entity(_ name: String, marked: Bool = false, _ lines: String...) -> String {
        guard !lines.isEmpty else { return "    \(marked ? "↓" : "")<entity name=\"\(name)\"/>\n" }
        return "    \(marked ? "↓" : "")<entity name=\"\(name)\">\n" + lines.map { "        \($0)\n" }.joined() + "    </entity>\n"
    }

    /// An optional attribute (`extra` adds attributes, `marked` puts `↓` before it).
    static func attribute(_ name: String, _ type: String, _ extra: String = "", optional: Bool = true,
                          marked: Bool = false) -> String {
        "\(marked ? "↓" : "")<attribute name=\"\(name)\"\(optional ? " optional=\"YES\"" : "") attributeType=\"\(type)\"\(extra)/>"
    }

    /// An optional relationship to `destination` with the inverse `inverse` (`nil`: none).
    static func relationship(_ name: String, to destination: String, toMany: Bool, inverse: String?, _ extra: String = "",
                             optional: Bool = true, marked: Bool = false) -> String {
        "\(marked ? "↓" : "")<relationship name=\"\(name)\"\(optional ? " optional=\"YES\"" : "")"
            + (toMany ? " toMany=\"YES\"" : " maxCount=\"1\"") + extra + " destinationEntity=\"\(destination)\""
            + (inverse.map { " inverseName=\"\($0)\"" } ?? "") + "/>"
    }

    /// `Trip` and `Person`, each with one relationship line (`owner` ↔ `trips`).
    static func tripAndOwner(owner: String, trips: String) -> String {
        model(entity("Trip", owner), entity("Person", trips))
    }

    /// The usual `owner` / `trips` pair, both optional, with inverses.
    static let owner = relationship("owner", to: "Person", toMany: false, inverse: "trips")
    static let trips = relationship("trips", to: "Trip", toMany: true, inverse: "owner")

    /// `Trip` with an optional string `name`, marked on the entity or not.
    static func tripWithName(marked: Bool = false) -> String {
        model(entity("Trip", marked: marked, attribute("name", "String")))
    }

    /// An environment schema holding `types`.
    static func environment(_ types: String...) -> String {
        "DEFINE SCHEMA\n" + types.map { "    RECORD TYPE \($0);\n" }.joined()
    }

    /// `CD_Trip` with `CD_entityName` and `fields` (`name TYPE INDEXES` each), as one record type statement.
    static func deployedTrip(_ fields: String...) -> String {
        "CD_Trip (" + (["CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE"] + fields).joined(separator: ", ") + ")"
    }

    static let stringField = "STRING QUERYABLE SEARCHABLE SORTABLE"
}
