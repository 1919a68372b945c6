import CKSchemaApp
import CKSchemaCodeAnalysis
import CKSchemaCore
import Foundation
import Testing

/// What `ckschema-check-code app-facts` reads out of an app's code for doctor: containers named (through
/// each way of spelling them), default-container uses, sync styles and markers.
@Suite struct AppFactsTests {
    static func facts(_ files: [String]) -> AppCodeFacts {
        AppFactsReader.read(files.enumerated().map { SourceFile(path: "App/File\($0.offset).swift", text: $0.element) }).facts
    }

    static func containers(_ files: String...) -> [String] {
        facts(files).containers.map { "\($0.use.rawValue) \($0.identifier) \($0.location.line)" }
    }

    @Test func literalsAndEachAPI() {
        let found = Self.containers("""
            let a = CKContainer(identifier: "iCloud.com.example.A")
            let options = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.com.example.B")
            let config = ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.C"))
            let d = CloudKit.CKContainer(identifier: "iCloud.com.example.D")
            """)
        #expect(found == ["ckContainer iCloud.com.example.A 1", "persistentCloudKitOptions iCloud.com.example.B 2",
                          "modelConfiguration iCloud.com.example.C 3", "ckContainer iCloud.com.example.D 4"])
    }

    @Test func constantsStaticLetsAndEnumNamespacesAcrossFiles() {
        let found = Self.containers("""
            enum Config {
                static let containerID = "iCloud.com.example.Static"
                enum CloudKit { static let shared = "iCloud.com.example.Nested" }
            }
            let globalContainer = "iCloud.com.example.Global"
            enum Containers: String { case main = "iCloud.com.example.Raw" }
            """, """
            struct Store {
                static let own = "iCloud.com.example.Own"
                let a = CKContainer(identifier: Config.containerID)
                let b = CKContainer(identifier: Config.CloudKit.shared)
                let c = CKContainer(identifier: globalContainer)
                let d = CKContainer(identifier: Containers.main.rawValue)
                let e = CKContainer(identifier: Self.own)
                let f = CKContainer(identifier: own)
            }
            """)
        #expect(found == ["ckContainer iCloud.com.example.Static 3", "ckContainer iCloud.com.example.Nested 4",
                          "ckContainer iCloud.com.example.Global 5", "ckContainer iCloud.com.example.Raw 6",
                          "ckContainer iCloud.com.example.Own 7", "ckContainer iCloud.com.example.Own 8"])
    }

    @Test func localsAndDefaultArguments() {
        let found = Self.containers("""
            final class Sync {
                init(identifier: String = "iCloud.com.example.Default") {
                    let container = CKContainer(identifier: identifier)
                }
                func other() {
                    let id = Config.id
                    let c = CKContainer(identifier: id)
                }
                func given(_ name: String) {
                    let c = CKContainer(identifier: name)
                }
                func computed(suffix: String) {
                    let c = CKContainer(identifier: "iCloud.com.example.\\(suffix)")
                }
            }
            enum Config { static let id = "iCloud.com.example.Local" }
            """)
        // A parameter without a default and an interpolation are unknown: left out, never guessed.
        #expect(found == ["ckContainer iCloud.com.example.Default 3", "ckContainer iCloud.com.example.Local 7"])
    }

    @Test func defaultContainerUses() {
        let facts = Self.facts(["""
            let a = CKContainer.default()
            let b = ModelConfiguration(schema: schema)
            let c = ModelConfiguration(schema: schema, cloudKitDatabase: .automatic)
            let d = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
            let e = ModelConfiguration(isStoredInMemoryOnly: true)
            let f = try ModelContainer(for: Item.self)
            let g = NSPersistentCloudKitContainer(name: "Model")
            #Preview { ContentView().modelContainer(for: Item.self, inMemory: true) }
            """])
        #expect(facts.defaultContainerUses.map { "\($0.use.rawValue) \($0.location.line)" }
            == ["ckContainerDefault 1", "swiftDataAutomatic 2", "swiftDataAutomatic 3", "swiftDataAutomatic 6",
                "persistentCloudKitDefault 7"])
    }

    @Test func persistentContainerWithOptionsIsNotTheDefault() {
        let facts = Self.facts(["""
            class Persistence: NSPersistentCloudKitContainer {}
            """, """
            let options = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.com.example.Core")
            """])
        #expect(facts.defaultContainerUses.isEmpty)
        #expect(facts.syncStyles.map(\.style) == [.persistentCloudKitContainer])
    }

    @Test func syncStyles() {
        func styles(_ code: String) -> [String] { Self.facts([code]).syncStyles.map(\.style.rawValue) }
        #expect(styles("let op = CKModifyRecordsOperation(recordsToSave: [r], recordIDsToDelete: nil)") == ["rawOperations"])
        #expect(styles("let r = try await db.records(matching: query)") == ["rawOperations"])
        #expect(styles("database.perform(query, inZoneWith: nil) { _, _ in }") == ["rawOperations"])
        #expect(styles("container.privateCloudDatabase.save(record) { _, _ in }") == ["rawOperations"])
        #expect(styles("let changes = try await db.recordZoneChanges(inZoneWith: zone, since: token)") == ["rawOperations"])
        #expect(styles("let engine = CKSyncEngine(configuration)") == ["syncEngine"])
        #expect(styles("var c = CKSyncEngine.Configuration(database: db, stateSerialization: s, delegate: self)") == ["syncEngine"])
        #expect(styles("let c = NSPersistentCloudKitContainer(name: \"M\")") == ["persistentCloudKitContainer"])
        #expect(styles("let c = ModelConfiguration(cloudKitDatabase: .private(\"iCloud.x\"))") == ["swiftData"])
        #expect(styles("WindowGroup { ContentView() }.modelContainer(for: Item.self)") == ["swiftData"])
        // Not CloudKit: a save on something not named a database, an in-memory store, SwiftData without CloudKit.
        #expect(styles("try context.save()") == [])
        #expect(styles("let c = ModelConfiguration(isStoredInMemoryOnly: true)") == [])
        #expect(styles("let c = ModelConfiguration(cloudKitDatabase: .none)") == [])
    }

    @Test func markers() {
        func markers(_ code: String) -> [String] { Self.facts([code]).markers.map(\.kind.rawValue) }
        #expect(markers("let s = CKQuerySubscription(recordType: \"A\", predicate: p, options: [.firesOnRecordCreation])")
            == ["savesSubscription"])
        #expect(markers("let s = CKDatabaseSubscription(subscriptionID: \"all\")") == ["savesSubscription"])
        #expect(markers("let op = CKModifySubscriptionsOperation(subscriptionsToSave: [s], subscriptionIDsToDelete: nil)")
            == ["savesSubscription"])
        #expect(markers("let op = CKModifySubscriptionsOperation(subscriptionsToSave: nil, subscriptionIDsToDelete: [id])")
            == [])
        #expect(markers("UIApplication.shared.registerForRemoteNotifications()") == ["registersForRemoteNotifications"])
        #expect(markers("let share = CKShare(rootRecord: record)") == ["createsShare"])
        #expect(markers("let (_, share, _) = try await container.share([item], to: nil)") == ["createsShare"])
        #expect(markers("let c = UICloudSharingController(share: share, container: container)") == ["createsShare"])
        #expect(markers("""
            class SceneDelegate {
                func windowScene(_ s: UIWindowScene, userDidAcceptCloudKitShareWith metadata: CKShare.Metadata) {}
            }
            """) == ["acceptsShare"])
        #expect(markers("try await container.acceptShareInvitations(from: [metadata], into: store)") == ["acceptsShare"])
        #expect(markers("let op = CKAcceptSharesOperation(shareMetadatas: [metadata])") == ["acceptsShare"])
    }

    @Test func jsonRoundTrip() throws {
        let facts = Self.facts(["""
            let a = CKContainer(identifier: "iCloud.com.example.A")
            let b = CKContainer.default()
            let engine = CKSyncEngine(configuration)
            let s = CKDatabaseSubscription(subscriptionID: "all")
            """])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let decoded = try JSONDecoder().decode(AppCodeFacts.self, from: try encoder.encode(facts))
        #expect(decoded == facts)
        #expect(decoded.files == 1 && decoded.containers.count == 1 && decoded.defaultContainerUses.count == 1)
    }
}
