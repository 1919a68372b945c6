import CKSchemaCodegen
import CKSchemaCore
import Testing

/// When the `swift` generator writes the `CKSyncEngine` layer, and which zones it lists.
@Suite struct SyncEngineGenerationTests {
    static func type(_ name: String, _ database: Database?, _ zone: String? = nil) -> RecordType {
        RecordType(name: name, fields: [Field(name: "title", type: .string)],
                   metadata: RecordTypeMetadata(database: database, zone: zone))
    }

    static func support(_ types: [RecordType]) throws -> String {
        let options = SwiftGeneratorOptions(layout: .singleFile(name: "Models.swift"))
        let result = SwiftGenerator(options: options).generate(GeneratorInput(schema: Schema(recordTypes: types),
                                                                              schemaPath: "s.yaml"))
        return try #require(result.files.first?.contents)
    }

    @Test func aSchemaOfPublicDatabaseTypesOnlyGetsNoSyncEngineLayer() throws {
        let text = try Self.support([Self.type("Post", .public), Self.type("Author", .public)])
        #expect(!text.contains("CKSyncEngine."))
        #expect(!text.contains("AnyModelID") && !text.contains("recordZones"))
        #expect(text.contains("enum AnyModel: Sendable"))   // the entry point itself is still there
    }

    @Test func privateSharedOrUnnamedDatabasesGetIt() throws {
        for database in [Database.private, .shared, nil] {
            let text = try Self.support([Self.type("Post", .public), Self.type("Note", database)])
            #expect(text.contains("struct SentChanges"), "database \(String(describing: database))")
            #expect(text.contains("struct FetchedChanges"))
            #expect(text.contains("static func nextRecordZoneChangeBatch("))
            #expect(text.contains("@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)"))
            #expect(text.contains("case post(Post.ID)") && text.contains("case note(Note.ID)"))
        }
    }

    @Test func theZonesAreThePrivateDatabasesInSchemaOrderOnce() throws {
        let text = try Self.support([
            Self.type("A", .private, "Notes"), Self.type("B", .public, "Feed"), Self.type("C", nil, "Drafts"),
            Self.type("D", .private, "Notes"), Self.type("E", .shared, "Shared"), Self.type("F", .private, "_defaultZone"),
        ])
        #expect(text.contains(
            "static var recordZones: [CKRecordZone] { [CKRecordZone(zoneName: \"Notes\"), CKRecordZone(zoneName: \"Drafts\")] }"
        ))
    }

    @Test func aModelNamedLikeALayerMemberGetsAnotherCaseName() throws {
        let text = try Self.support([Self.type("TypedID", .private)])
        #expect(text.contains("case typedIDRecord(TypedID.ID)"))
        #expect(text.contains("var typedID: CloudKitSchema.AnyModelID"))
    }
}
