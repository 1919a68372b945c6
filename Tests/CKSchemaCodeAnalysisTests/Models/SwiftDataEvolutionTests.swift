import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import Testing

/// SwiftData fixtures of each change between a shipped model and the model now, read by the SwiftData reader:
/// which evolution rules report it (finding and non-finding). The `.xcdatamodel` counterparts are in
/// CKSchemaModelsTests (ModelEvolutionTests).
@Suite struct SwiftDataEvolutionTests {
    struct Fixture: CustomTestStringConvertible, Sendable {
        let name: String
        let shipped: String
        let current: String
        let rules: [String]
        var testDescription: String { name }
    }

    /// `@Model final class Trip { … }` and a `Person` with trips, in one file.
    static func models(trip: String, person: String = "@Relationship(inverse: \\Trip.owner) var trips: [Trip]?") -> String {
        """
        import SwiftData
        import Foundation

        enum Status: String, Codable { case planned, done }

        @Model final class Trip {
            var name: String = ""
            var owner: Person?
            \(trip)
        }

        @Model final class Person {
            \(person)
        }
        """
    }

    static let fixtures: [Fixture] = [
        Fixture(name: "originalName on an attribute", shipped: models(trip: "var rating: Int = 0"),
                current: models(trip: "@Attribute(originalName: \"rating\") var score: Int = 0"), rules: ["model_property_renamed"]),
        Fixture(name: "originalName on a relationship", shipped: models(trip: "var guide: Person?"),
                current: models(trip: "@Relationship(originalName: \"guide\") var leader: Person?"), rules: ["model_property_renamed"]),
        Fixture(name: "renamed without originalName", shipped: models(trip: "var rating: Int = 0"),
                current: models(trip: "var ratings: Int = 0"), rules: ["model_renamed_without_identifier"]),
        Fixture(name: "Int to String", shipped: models(trip: "var rating: Int = 0"),
                current: models(trip: "var rating: String = \"\""), rules: ["model_field_type_changed"]),
        Fixture(name: "enum to Int", shipped: models(trip: "var status: Status?"),
                current: models(trip: "var status: Int?"), rules: ["model_field_type_changed"]),
        Fixture(name: "Int16 to Int", shipped: models(trip: "var rating: Int16 = 0"),
                current: models(trip: "var rating: Int = 0"), rules: ["model_attribute_type_changed"]),
        Fixture(name: "default dropped", shipped: models(trip: "var rating: Int = 0"),
                current: models(trip: "var rating: Int"), rules: ["model_attribute_default_dropped"]),
        Fixture(name: "optional made required with a default", shipped: models(trip: "var rating: Int?"),
                current: models(trip: "var rating: Int = 0"), rules: ["model_attribute_made_required"]),
        Fixture(name: "default changed", shipped: models(trip: "var rating: Int = 0"),
                current: models(trip: "var rating: Int = 5"), rules: []),
        Fixture(name: "relationship made required", shipped: models(trip: "var guide: Person?"),
                current: models(trip: "var guide: Person"), rules: ["model_relationship_made_required"]),
        Fixture(name: "inverse removed", shipped: models(trip: ""),
                current: models(trip: "", person: "var trips: [Trip]?"), rules: ["model_inverse_removed", "model_inverse_removed"]),
        Fixture(name: "attribute removed", shipped: models(trip: "var notes: String?"),
                current: models(trip: ""), rules: ["model_property_removed"]),
        Fixture(name: "entity removed", shipped: models(trip: "") + "\n@Model final class Note { var text = \"\" }",
                current: models(trip: ""), rules: ["model_entity_removed"]),
        Fixture(name: "to-one made to-many", shipped: models(trip: "var guide: Person?"),
                current: models(trip: "var guide: [Person]?"), rules: ["model_cardinality_changed"]),
        Fixture(name: "encryption added", shipped: models(trip: "var notes: String?"),
                current: models(trip: "@Attribute(.allowsCloudEncryption) var notes: String?"), rules: ["model_encryption_changed"]),
        Fixture(name: "transformer changed", shipped: models(trip: "@Attribute(.transformable(by: A.self)) var colors: [String]?"),
                current: models(trip: "@Attribute(.transformable(by: B.self)) var colors: [String]?"), rules: ["model_transformer_changed"]),
        Fixture(name: "the same type spelled another way", shipped: models(trip: "var tags: [String]? = []"),
                current: models(trip: "var tags: Swift.Array<String>? = []"), rules: []),
        Fixture(name: "external storage added", shipped: models(trip: "var photo: Data?"),
                current: models(trip: "@Attribute(.externalStorage) var photo: Data?"), rules: []),
        Fixture(name: "additions only", shipped: models(trip: ""),
                current: models(trip: "var start: Date?\nvar rating: Int = 0\nvar guide: Person?")
                    + "\n@Model final class Note { var text = \"\" }", rules: []),
    ]

    @Test(arguments: fixtures)
    func eachChangeIsJudged(_ fixture: Fixture) {
        let shipped = readModels(fixture.shipped), current = readModels(fixture.current)
        #expect(!shipped.diagnostics.contains { $0.severity == .error } && !current.diagnostics.contains { $0.severity == .error })
        let ids = Set(ModelRules.evolution.map { $0.description.id.rawValue })
        let found = ModelRules.check(current.model, environment: nil, environmentName: "production",
                                     shipped: ShippedModel(model: shipped.model, name: "v1"))
            .map(\.id.rawValue).filter(ids.contains)
        #expect(found == fixture.rules)
    }

    @Test func originalNamesAndTransformersAreRead() {
        let read = readModels(Self.models(trip: """
            @Attribute(originalName: "rating") var score: Int = 0
            @Relationship(originalName: "guide") var leader: Person?
            @Attribute(.transformable(by: ColorsTransformer.self)) var colors: [String]?
            """))
        let trip = read.model.entity(named: "Trip")
        #expect(trip?.attributes.first { $0.name == "score" }?.originalName == "rating")
        #expect(trip?.attributes.first { $0.name == "score" }?.defaultValue == "0")
        #expect(trip?.relationships.first { $0.name == "leader" }?.originalName == "guide")
        #expect(trip?.attributes.first { $0.name == "colors" }?.transformerName == "ColorsTransformer")
    }

    /// A version that keeps an earlier model through a type alias holds it; an inverse written with the schema's
    /// name (`\SchemaV2.Trip.owner`) is read as an inverse (both seen in a public app with eleven versions).
    @Test func versionsHoldAliasedModelsAndQualifiedInverses() {
        let read = readModels("""
            import SwiftData
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                @Model final class Note { var text: String = "" }
                @Model final class Person {
                    @Relationship(inverse: \\SchemaV1.Trip.owner) var trips: [Trip]?
                }
                @Model final class Trip { var owner: Person? }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                typealias Note = SchemaV1.Note
                @Model final class Person {
                    @Relationship(inverse: \\SchemaV2.Trip.owner) var trips: [Trip]?
                }
                @Model final class Trip { var owner: Person?; var name: String? }
            }
            """)
        let versions = read.versions ?? []
        #expect(versions.map(\.name) == ["SchemaV1", "SchemaV2"])
        #expect(versions.last?.model.entity(named: "Note") != nil)
        #expect(versions.last?.model.entity(named: "Trip")?.relationships.first?.inverse == "trips")
        let changes = ModelDiffer.diff(shipped: versions[0].model, current: versions[1].model).changes
        #expect(changes.map(\.description) == ["attribute 'Trip.name' added: String (STRING)"])
    }
}
