import CKSchemaCore
import CKSchemaModels
import CKSchemaPrinting
import CKSchemaTestSupport
import Foundation
import Testing

@Suite("Deriving the CloudKit schema of a model")
struct SchemaDeriverTests {
    /// `@Model final class Trip { var name = ""; var start: Date?; var photo: Data?; var owner: Person? }`
    static let trip = DataModel(entities: [
        ModelEntity(name: "Trip", source: .swiftData, attributes: [
            ModelAttribute(name: "name", type: .string, declaredType: "String", hasDefault: true),
            ModelAttribute(name: "start", type: .date, declaredType: "Date?", isOptional: true),
            ModelAttribute(name: "photo", type: .binary, declaredType: "Data?", isOptional: true),
        ], relationships: [
            ModelRelationship(name: "owner", destination: "Person", isToMany: false, inverse: "trips"),
        ]),
        ModelEntity(name: "Person", source: .swiftData, relationships: [
            ModelRelationship(name: "trips", destination: "Trip", isToMany: true, inverse: "owner"),
        ]),
    ], configurations: [ModelConfiguration(cloudKit: .automatic)])

    @Test func theTripExamplePrintsAsTheMaterialisedExport() throws {
        let derived = SchemaDeriver.derive(Self.trip)
        #expect(derived.diagnostics.isEmpty)
        let trip = try #require(derived.schema.recordType(named: "CD_Trip"))
        assertSnapshot(CKDBPrinter.print(Schema(recordTypes: [trip])), named: "Trip.ckdb")
        #expect(derived.schema.recordTypes.map(\.name) == ["CD_Person", "CD_Trip", "Users"])
        let person = try #require(derived.schema.recordType(named: "CD_Person"))
        #expect(person.fields.map(\.name) == ["CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset"],
                "the to-many side of one-to-many has no field")
    }

    @Test(arguments: [
        // (row, attribute type, field type, has an asset companion)
        ("A1 String", ModelAttributeType.string, "STRING", true),
        ("A2-4 Int, Integer 16/32", .integer16, "INT64", false),
        ("A2-4 Integer 32", .integer32, "INT64", false),
        ("A5 Int64", .integer64, "INT64", false),
        ("A7 Double", .double, "DOUBLE", false),
        ("A8 Float", .float, "DOUBLE", false),
        ("A9 Decimal", .decimal, "DOUBLE", false),
        ("A10 Bool", .boolean, "INT64", false),
        ("A12 Date", .date, "TIMESTAMP", false),
        ("A13 Data", .binary, "BYTES", true),
        ("A15 UUID", .uuid, "STRING", false),
        ("A16 URL", .uri, "STRING", true),
        ("A17-19 Codable enum or struct", .codableValue, "BYTES", true),
        ("A20-22 arrays, Transformable", .transformable, "BYTES", true),
    ])
    func eachAttributeTypeMapsAsTheTableSays(row: String, type: ModelAttributeType, field: String, asset: Bool) throws {
        let model = DataModel(entities: [ModelEntity(name: "E", source: .coreData, attributes: [
            ModelAttribute(name: "value", type: type, isOptional: true),
        ])], configurations: [ModelConfiguration(cloudKit: .automatic)])
        let recordType = try #require(SchemaDeriver.derive(model).schema.recordType(named: "CD_E"))
        let value = try #require(recordType.field(named: "CD_value"), "\(row)")
        #expect(value.type.description == field, "\(row)")
        let indexes: FieldIndexes = field == "STRING" ? [.queryable, .searchable, .sortable] : [.queryable, .sortable]
        #expect(value.indexes == indexes, "\(row)")
        #expect((recordType.field(named: "CD_value_ckAsset")?.type == .asset) == asset, "\(row)")
    }

    @Test(arguments: [ModelAttributeType.objectID, .undefined, .unresolved])
    func typesCloudKitRefusesOrThatAreUnknownMakeNoField(type: ModelAttributeType) {
        let model = DataModel(entities: [ModelEntity(name: "E", source: .coreData, attributes: [
            ModelAttribute(name: "value", type: type, isOptional: true),
        ])], configurations: [ModelConfiguration(cloudKit: .automatic)])
        #expect(SchemaDeriver.derive(model).schema.recordType(named: "CD_E")?.field(named: "CD_value") == nil)
    }

    @Test func transientAndIgnoredAttributesMakeNoField() throws {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let trip = try #require(SchemaDeriver.derive(model).schema.recordType(named: "CD_Trip"))
        #expect(trip.field(named: "CD_cache") == nil)
        #expect(trip.field(named: "CD_scratch") == nil)
    }

    @Test func encryptedAttributesAreEncryptedWithoutIndexesAndTheirAssetsArePlain() throws {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let trip = try #require(SchemaDeriver.derive(model).schema.recordType(named: "CD_Trip"))
        #expect(trip.field(named: "CD_secret")?.type == FieldType.string.encrypted)
        #expect(trip.field(named: "CD_secret")?.indexes == [])
        #expect(trip.field(named: "CD_secret_ckAsset")?.type == .asset)
    }

    @Test func anInheritanceTreeIsOneTypeNamedForItsRootHoldingEverySubEntityField() throws {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let schema = SchemaDeriver.derive(model).schema
        #expect(schema.recordType(named: "CD_Guide") == nil)
        let person = try #require(schema.recordType(named: "CD_Person"))
        #expect(person.field(named: "CD_rating")?.type == .int64, "Guide's attribute is on its root's type")
    }

    @Test func onlyMirroredConfigurationsMakeRecordTypes() {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let names = SchemaDeriver.derive(model).schema.recordTypes.map(\.name)
        #expect(names == ["CD_Person", "CD_Trip", "Users"], "Stop is only in the local configuration")
        let local = DataModel(entities: Self.trip.entities, configurations: [ModelConfiguration(cloudKit: .none)])
        #expect(SchemaDeriver.derive(local).schema.recordTypes.isEmpty, ".none: no schema, not even Users")
    }

    @Test func manyToManyRelationshipsAreLinkRecordsOfTheirOwnType() throws {
        let model = DataModel(entities: [
            ModelEntity(name: "Post", source: .swiftData, relationships: [
                ModelRelationship(name: "tags", destination: "Tag", isToMany: true, inverse: "posts"),
            ]),
            ModelEntity(name: "Tag", source: .swiftData, relationships: [
                ModelRelationship(name: "posts", destination: "Post", isToMany: true, inverse: "tags"),
            ]),
        ], configurations: [ModelConfiguration(cloudKit: .automatic)])
        let schema = SchemaDeriver.derive(model).schema
        #expect(schema.recordType(named: "CD_Post")?.field(named: "CD_tags") == nil)
        let links = try #require(schema.recordType(named: "CDMR"))
        #expect(links.fields.map(\.name) == ["CD_entityNames", "CD_recordNames", "CD_relationships"])
        #expect(links.fields.allSatisfy { $0.type == .string && $0.indexes == [.queryable, .searchable, .sortable] })
    }

    @Test func aModelWithoutConfigurationsIsAssumedMirroredAndSaysSoOnce() {
        let model = DataModel(entities: Self.trip.entities)
        let derived = SchemaDeriver.derive(model)
        #expect(derived.schema.recordTypes.count == 3)
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.mirroringAssumed])
        #expect(derived.diagnostics.first?.severity == .note)
    }

    @Test func twoModelsWithOneNameAreALocatedError() {
        let first = SourceLocation(file: "A.swift", line: 3, column: 1)
        let second = SourceLocation(file: "B.swift", line: 7, column: 1)
        let model = DataModel(entities: [
            ModelEntity(name: "Trip", source: .swiftData, location: first),
            ModelEntity(name: "Trip", source: .swiftData, location: second),
        ], configurations: [ModelConfiguration(cloudKit: .automatic)])
        let derived = SchemaDeriver.derive(model)
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.duplicateEntity])
        #expect(derived.diagnostics.first?.location == second)
        #expect(derived.diagnostics.first?.notes.first?.location == first)
    }

    @Test func fieldsAreLocatedAtTheirProperties() throws {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let derived = SchemaDeriver.derive(model)
        #expect(derived.sourceMap.location(of: .recordType("CD_Trip"))?.line == 3)
        #expect(derived.sourceMap.location(of: .field("CD_Trip", "CD_start"))?.line == 5)
        #expect(derived.sourceMap.location(of: .field("CD_Trip", "CD_owner"))?.line == 15)
        #expect(derived.sourceMap.location(of: .field("CD_Person", "CD_rating"))?.line == 28)
    }

    @Test func usersIsTheTypeEveryContainerHolds() throws {
        let users = try #require(SchemaDeriver.derive(Self.trip).schema.recordType(named: "Users"))
        #expect(CKDBPrinter.print(Schema(recordTypes: [users])).contains("roles           LIST<INT64>"))
    }
}
