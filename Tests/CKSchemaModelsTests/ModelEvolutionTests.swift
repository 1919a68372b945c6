import CKSchemaCore
import CKSchemaModels
import Testing

/// `.xcdatamodel` fixtures of each change between a shipped model and the model now: what `ModelDiffer` records,
/// and which evolution rules report it (finding and non-finding). The SwiftData counterparts are in
/// CKSchemaCodeAnalysisTests (SwiftDataEvolutionTests).
@Suite("Model evolution (Core Data)")
struct ModelEvolutionTests {
    /// A model file holding `entities` (each `name`, then its lines), used with CloudKit.
    static func model(_ entities: [(String, [String])]) -> DataModel {
        let text = "<model usedWithCloudKit=\"YES\">\n" + entities.map { name, lines in
            "<entity name=\"\(name)>\n" + lines.map { "    \($0)\n" }.joined() + "</entity>\n"
        }.joined() + "</model>"
        let (model, diagnostics) = CoreDataModelParser.parse(text, path: "contents")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return model
    }

    static func trip(_ lines: String...) -> DataModel {
        model([("Trip\"", lines)])
    }

    static let owner = "<relationship name=\"owner\" optional=\"YES\" maxCount=\"1\" destinationEntity=\"Person\" inverseName=\"trips\"/>"
    static let trips = "<relationship name=\"trips\" optional=\"YES\" toMany=\"YES\" destinationEntity=\"Trip\" inverseName=\"owner\"/>"

    static func tripAndPerson(trip: [String], person: [String]) -> DataModel {
        model([("Trip\"", trip), ("Person\"", person)])
    }

    /// The evolution rules' IDs reported for the change, in order.
    static func evolutionFindings(_ shipped: DataModel, _ current: DataModel) -> [String] {
        let ids = Set(ModelRules.evolution.map { $0.description.id.rawValue })
        return ModelRules.check(current, environment: nil, environmentName: "production",
                                shipped: ShippedModel(model: shipped, name: "v1"))
            .map(\.id.rawValue).filter(ids.contains)
    }

    struct Fixture: CustomTestStringConvertible, Sendable {
        let name: String
        let shipped: DataModel
        let current: DataModel
        let kinds: [ModelChange.Kind]
        let rules: [String]
        var testDescription: String { name }
    }

    static let name = "<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>"

    static let fixtures: [Fixture] = [
        Fixture(name: "entity renamed with an identifier",
                shipped: trip(name), current: model([("Journey\" elementID=\"Trip\"", [name])]),
                kinds: [.renamed], rules: ["model_entity_renamed"]),
        Fixture(name: "attribute renamed with an identifier",
                shipped: trip(name), current: trip("<attribute name=\"title\" optional=\"YES\" attributeType=\"String\" elementID=\"name\"/>"),
                kinds: [.renamed], rules: ["model_property_renamed"]),
        Fixture(name: "to-one renamed with an identifier",
                shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(
                    trip: ["<relationship name=\"traveller\" optional=\"YES\" maxCount=\"1\" destinationEntity=\"Person\" inverseName=\"trips\" elementID=\"owner\"/>"],
                    person: ["<relationship name=\"trips\" optional=\"YES\" toMany=\"YES\" destinationEntity=\"Trip\" inverseName=\"traveller\"/>"]),
                kinds: [.renamed, .inverseChanged], rules: ["model_property_renamed"]),
        Fixture(name: "renamed without an identifier",
                shipped: trip(name), current: trip("<attribute name=\"names\" optional=\"YES\" attributeType=\"String\"/>"),
                kinds: [.added, .removed], rules: ["model_renamed_without_identifier"]),
        Fixture(name: "removed and added unlike",
                shipped: trip(name), current: trip("<attribute name=\"start\" optional=\"YES\" attributeType=\"Date\"/>"),
                kinds: [.added, .removed], rules: ["model_property_removed"]),
        Fixture(name: "type change that changes the field type",
                shipped: trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Date\"/>"),
                current: trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Double\"/>"),
                kinds: [.typeChanged], rules: ["model_field_type_changed"]),
        Fixture(name: "type change that keeps the field type",
                shipped: trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Integer 16\"/>"),
                current: trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Boolean\"/>"),
                kinds: [.typeChanged], rules: ["model_attribute_type_changed"]),
        Fixture(name: "default removed",
                shipped: trip("<attribute name=\"count\" attributeType=\"Integer 64\" defaultValueString=\"0\"/>"),
                current: trip("<attribute name=\"count\" attributeType=\"Integer 64\"/>"),
                kinds: [.defaultChanged], rules: ["model_attribute_default_dropped"]),
        Fixture(name: "default changed",
                shipped: trip("<attribute name=\"count\" attributeType=\"Integer 64\" defaultValueString=\"0\"/>"),
                current: trip("<attribute name=\"count\" attributeType=\"Integer 64\" defaultValueString=\"1\"/>"),
                kinds: [.defaultChanged], rules: []),
        Fixture(name: "made non-optional with a default",
                shipped: trip(name), current: trip("<attribute name=\"name\" attributeType=\"String\" defaultValueString=\"\"/>"),
                kinds: [.optionalityChanged, .defaultChanged], rules: ["model_attribute_made_required"]),
        Fixture(name: "relationship made required",
                shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(trip: [owner.replacing(" optional=\"YES\"", with: "")], person: [trips]),
                kinds: [.optionalityChanged], rules: ["model_relationship_made_required"]),
        Fixture(name: "inverse removed",
                shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(trip: [owner.replacing(" inverseName=\"trips\"", with: "")], person: []),
                kinds: [.inverseChanged, .removed], rules: ["model_inverse_removed", "model_property_removed"]),
        Fixture(name: "entity removed",
                shipped: tripAndPerson(trip: [name], person: [name]), current: trip(name),
                kinds: [.removed], rules: ["model_entity_removed"]),
        Fixture(name: "to-one made to-many",
                shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(trip: [owner.replacing("maxCount=\"1\"", with: "toMany=\"YES\"")], person: [trips]),
                kinds: [.cardinalityChanged], rules: ["model_cardinality_changed"]),
        Fixture(name: "delete rule changed",
                shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(trip: [owner.replacing("/>", with: " deletionRule=\"Cascade\"/>")], person: [trips]),
                kinds: [.deleteRuleChanged], rules: []),
        Fixture(name: "encryption added",
                shipped: trip(name), current: trip(name.replacing("/>", with: " allowsCloudEncryption=\"YES\"/>")),
                kinds: [.encryptionChanged], rules: ["model_encryption_changed"]),
        Fixture(name: "external storage added",
                shipped: trip("<attribute name=\"photo\" optional=\"YES\" attributeType=\"Binary\"/>"),
                current: trip("<attribute name=\"photo\" optional=\"YES\" attributeType=\"Binary\" allowsExternalBinaryDataStorage=\"YES\"/>"),
                kinds: [.externalStorageChanged], rules: []),
        Fixture(name: "transformer changed",
                shipped: trip("<attribute name=\"colors\" optional=\"YES\" attributeType=\"Transformable\" valueTransformerName=\"A\"/>"),
                current: trip("<attribute name=\"colors\" optional=\"YES\" attributeType=\"Transformable\" valueTransformerName=\"B\"/>"),
                kinds: [.transformerChanged], rules: ["model_transformer_changed"]),
        Fixture(name: "uniqueness added",
                shipped: trip(name),
                current: trip(name, "<uniquenessConstraints><uniquenessConstraint><constraint value=\"name\"/></uniquenessConstraint></uniquenessConstraints>"),
                kinds: [.uniquenessChanged], rules: []),
        Fixture(name: "additions only",
                shipped: trip(name),
                current: tripAndPerson(trip: [name, "<attribute name=\"start\" optional=\"YES\" attributeType=\"Date\"/>", owner],
                                       person: [trips]),
                kinds: [.added, .added, .added], rules: []),
        Fixture(name: "nothing changed", shipped: tripAndPerson(trip: [owner], person: [trips]),
                current: tripAndPerson(trip: [owner], person: [trips]), kinds: [], rules: []),
    ]

    @Test(arguments: fixtures)
    func eachChangeIsRecordedAndJudged(_ fixture: Fixture) {
        let changes = ModelDiffer.diff(shipped: fixture.shipped, current: fixture.current)
        #expect(changes.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue }
            == fixture.kinds.sorted { $0.rawValue < $1.rawValue }, "\(changes.changes)")
        #expect(Self.evolutionFindings(fixture.shipped, fixture.current) == fixture.rules)
    }

    @Test func changesAreLocatedInBothVersionsAndDescribedInWords() throws {
        let shipped = Self.trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Integer 16\"/>")
        let current = Self.trip(Self.name, "<attribute name=\"rating\" optional=\"YES\" attributeType=\"String\"/>")
        let change = try #require(ModelDiffer.diff(shipped: shipped, current: current).changes(.typeChanged).first)
        #expect(change.shipped?.location == SourceLocation(file: "contents", line: 3, column: 5))
        #expect(change.current?.location == SourceLocation(file: "contents", line: 4, column: 5))
        #expect(change.description == "attribute 'Trip.rating' type changed: Integer 16 (INT64) → String (STRING)")
        let finding = try #require(ModelRules.check(current, environment: nil, environmentName: "production",
                                                    shipped: ShippedModel(model: shipped, name: "v2.3.0"))
            .first { $0.id.rawValue == "model_field_type_changed" })
        #expect(finding.location == change.current?.location)
        #expect(finding.notes.first?.location == change.shipped?.location)
        #expect(finding.notes.first?.message.contains("as shipped in v2.3.0") == true)
        #expect(finding.message.contains("older versions"))
    }

    @Test func aRenameHintNeedsTheSameTypeASimilarNameAndNoRival() {
        let shipped = Self.trip("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Integer 16\"/>")
        func hints(_ lines: String...) -> [String?] {
            ModelDiffer.diff(shipped: shipped, current: Self.model([("Trip\"", lines)])).changes.map(\.renameHint)
        }
        #expect(hints("<attribute name=\"ratings\" optional=\"YES\" attributeType=\"Integer 16\"/>") == ["rating", "ratings"])
        #expect(hints("<attribute name=\"ratings\" optional=\"YES\" attributeType=\"String\"/>") == [nil, nil])
        #expect(hints("<attribute name=\"score\" optional=\"YES\" attributeType=\"Integer 16\"/>") == [nil, nil])
        #expect(hints("<attribute name=\"ratings\" optional=\"YES\" attributeType=\"Integer 16\"/>",
                      "<attribute name=\"myRating\" optional=\"YES\" attributeType=\"Integer 16\"/>") == [nil, nil, nil])
    }

    @Test func aModelThatNeverSyncedChangesFreely() {
        let local = "<model>\n<configuration name=\"Local\"/>\n<configuration name=\"Cloud\" usedWithCloudKit=\"YES\"/>\n"
        func parse(_ attribute: String) -> DataModel {
            CoreDataModelParser.parse(local + "<entity name=\"Trip\">\n\(attribute)\n</entity>\n</model>", path: "c").model
        }
        let shipped = parse("<attribute name=\"rating\" optional=\"YES\" attributeType=\"Integer 16\"/>")
        let current = parse("<attribute name=\"score\" optional=\"YES\" attributeType=\"String\" elementID=\"rating\"/>")
        #expect(!ModelDiffer.diff(shipped: shipped, current: current).isEmpty)
        #expect(Self.evolutionFindings(shipped, current).isEmpty)
    }

    @Test func theEvolutionFindingReplacesTheCompatibilityFindingOfTheSameAttribute() {
        let shipped = Self.trip("<attribute name=\"count\" attributeType=\"Integer 64\" defaultValueString=\"0\"/>")
        let current = Self.trip("<attribute name=\"count\" attributeType=\"Integer 64\"/>")
        let ids = ModelRules.check(current, environment: nil, environmentName: "production",
                                   shipped: ShippedModel(model: shipped, name: "v1")).map(\.id.rawValue)
        #expect(ids.contains("model_attribute_default_dropped") && !ids.contains("model_attribute_needs_default"))
        #expect(ModelRules.check(current, environment: nil, environmentName: "production").map(\.id.rawValue)
            .contains("model_attribute_needs_default"))
    }
}
