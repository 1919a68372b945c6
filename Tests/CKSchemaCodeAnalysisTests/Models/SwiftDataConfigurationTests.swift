import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import Testing

/// `ModelConfiguration(…)` and `ModelContainer(for:)` anywhere in the code → `DataModel.configurations`.
@Suite struct SwiftDataConfigurationTests {
    private func configurations(_ code: String) -> [ModelConfiguration] {
        readModels(["Models.swift": "@Model class A { var x = 0 }\n@Model class B { var y = 0 }\n", "App.swift": code])
            .model.configurations
    }

    @Test func cloudKitDatabaseSettings() {
        let read = configurations("""
            func make() throws -> ModelContainer {
                let cache = ModelConfiguration("Cache", schema: Schema([B.self]), cloudKitDatabase: .none)
                let synced = ModelConfiguration("Synced", schema: Schema([A.self]), cloudKitDatabase: .private("iCloud.com.example.app"))
                let plain = ModelConfiguration(for: A.self, B.self)
                let chosen = ModelConfiguration(cloudKitDatabase: useCloud ? .automatic : .none)
                return try ModelContainer(for: A.self, B.self, configurations: cache, synced, plain, chosen)
            }
            """)
        #expect(read.map(\.name) == ["Cache", "Synced", nil, nil])
        #expect(read.map(\.cloudKit) == [.none, .privateDatabase(container: "iCloud.com.example.app"), .automatic, .unknown])
        #expect(read.map(\.entities) == [["B"], ["A"], ["A", "B"], nil])
        #expect(read.allSatisfy { $0.source == .swiftData }, "they configure the SwiftData stack, not a Core Data model's")
        #expect(read[0].location == SourceLocation(file: "App.swift", line: 2, column: 17))
    }

    @Test func aContainerWithoutConfigurationIsTheAutomaticOne() {
        let read = configurations("""
            @main struct App {
                var body: some Scene { WindowGroup { }.modelContainer(for: [A.self, B.self]) }
            }
            let other = try ModelContainer(for: A.self)
            #Preview {
                ContentView().modelContainer(for: A.self, inMemory: true)
            }
            """)
        #expect(read.map(\.cloudKit) == [.automatic, .automatic])
        #expect(read.map(\.entities) == [["A", "B"], ["A"]])
    }

    @Test func aSchemaHeldInAVariableIsFollowed() {
        let read = configurations("""
            let schema = Schema([A.self])
            let config = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)
            let unknown = ModelConfiguration(schema: makeSchema())
            """)
        #expect(read.map(\.entities) == [["A"], nil])
    }

    /// A versioned schema need not declare its models inside it: its `models` may list classes declared
    /// elsewhere, directly or through another property. Read as "no model", the configuration's schema came
    /// out empty and every model went unchecked without a word.
    @Test func aVersionedSchemaListingModelsDeclaredElsewhereIsFollowed() throws {
        let result = readModels([
            "Models.swift": "@Model class A { var x = 0 }\n@Model class B { var y = 0 }\n@Model class C { var z = 0 }\n",
            "Schema.swift": """
                enum AppSchema {
                    static let models: [any PersistentModel.Type] = [
                        A.self,
                        B.self,
                    ]
                    static var schema: Schema { Schema(versionedSchema: AppSchemaV1.self) }
                    static func make() throws -> ModelContainer {
                        let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)
                        return try ModelContainer(for: schema, configurations: configuration)
                    }
                }
                enum AppSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { AppSchema.models }
                }
                enum Listed: VersionedSchema {
                    static var models: [any PersistentModel.Type] { [C.self] }
                }
                enum Built: VersionedSchema {
                    static var models: [any PersistentModel.Type] { makeModels() }
                }
                let listed = ModelConfiguration(schema: Schema(versionedSchema: Listed.self))
                let built = ModelConfiguration(schema: Schema(versionedSchema: Built.self))
                """,
        ])
        #expect(result.model.configurations.map(\.entities) == [["A", "B"], ["C"], nil])
        let note = try #require(result.diagnostics.first { $0.id == ModelReadDiagnostics.sourceUnread.rawValue })
        #expect(note.message.contains("'Built' declares no model inside it"), "\(note.message)")
        #expect(note.location?.line == 23)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
    }

    /// `Schema(Store.allModels)`: a property holding the list, qualified, or bare when one property or global
    /// of the scanned code has that name; two of them, or a list that is not types, stay unread (a note).
    @Test func aSchemaOfAListHeldInAPropertyIsFollowed() throws {
        let result = readModels([
            "Models.swift": "@Model class A { var x = 0 }\n@Model class B { var y = 0 }\n@Model class C { var z = 0 }\n",
            "Store.swift": """
                public enum Store {
                    public static let allModels: [any PersistentModel.Type] = [A.self, B.self]
                    static let twice: [any PersistentModel.Type] = [C.self]
                    static func make() throws -> ModelContainer {
                        let schema = Schema(allModels)
                        let config = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)
                        return try ModelContainer(for: schema, configurations: [config])
                    }
                }
                enum Other { static let twice: [any PersistentModel.Type] = [A.self] }
                let qualified = ModelConfiguration(schema: Schema(Self.Store.allModels))
                let ambiguous = ModelConfiguration(schema: Schema(twice))
                """,
        ])
        #expect(result.model.configurations.map(\.entities) == [["A", "B"], ["A", "B"], nil])
        let note = try #require(result.diagnostics.first { $0.id == ModelReadDiagnostics.sourceUnread.rawValue })
        #expect(note.message.contains("the models 'twice' of this configuration's schema"), "\(note.message)")
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
    }

    @Test func computedValuesAreNotedOnce() {
        let result = readModels(["App.swift": "let c = ModelConfiguration(cloudKitDatabase: settings.database)\n"])
        #expect(result.model.configurations.map(\.cloudKit) == [.unknown])
        #expect(result.diagnostics.map(\.id) == [ModelReadDiagnostics.sourceUnread.rawValue])
        #expect(result.diagnostics.first?.location?.line == 1)
    }
}
