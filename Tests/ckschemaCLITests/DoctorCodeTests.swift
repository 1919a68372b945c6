import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema doctor` reading the app's Swift code through the built `ckschema-check-code app-facts`: the rules
/// that judge code next to the entitlements, the table's code columns, a plain Swift package, and what happens
/// without the companion.
@Suite struct DoctorCodeTests {
    /// The Xcode project of the app rules' fixtures (an iOS and a macOS target, both entitled to
    /// `iCloud.com.example.Journal`), copied with `swift` files added.
    static func journal(_ swift: [String: String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let fixture = SharedCorpus.repositoryRoot.appendingPathComponent("Tests/CKSchemaAppTests/Fixtures/Clean")
        let manager = FileManager.default
        for case let relative as String in manager.enumerator(atPath: fixture.path) ?? FileManager.DirectoryEnumerator() {
            var isFolder: ObjCBool = false
            let source = fixture.appendingPathComponent(relative)
            guard manager.fileExists(atPath: source.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let target = folder.url.appendingPathComponent(relative)  // bytes as they are: one plist is binary
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: source).write(to: target)
        }
        for (path, text) in swift { try folder.write(text, to: path) }
        return folder
    }

    static let sync = """
        import CloudKit

        enum Config { static let containerID = "iCloud.com.example.Jornal" }

        final class Sync {
            let container = CKContainer(identifier: Config.containerID)
            let own = CKContainer(identifier: "iCloud.com.example.Journal")

            func subscribe() async throws {
                let subscription = CKDatabaseSubscription(subscriptionID: "changes")
                _ = try await container.privateCloudDatabase.save(subscription)
            }

            func share(_ record: CKRecord) -> CKShare { CKShare(rootRecord: record) }
        }
        """

    @Test func codeFactsAreJudgedNextToTheEntitlements() throws {
        let folder = try Self.journal(["Journal/Sync.swift": Self.sync,
                                       "JournalTests/SyncTests.swift": "let c = CKContainer(identifier: \"iCloud.test\")\n"])
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        let out = result.standardOutput
        #expect(out.contains("Journal/Sync.swift:6:21: error: the code names the container 'iCloud.com.example.Jornal'"))
        #expect(out.contains("[app_code_container_not_entitled]") && out.contains("did you mean 'iCloud.com.example.Journal'"))
        #expect(out.contains("Journal/Sync.swift:10:28: warning: ") && out.contains("[app_subscription_not_registered]"))
        #expect(out.contains("[app_sharing_not_supported]"))
        #expect(!out.contains("iCloud.test"), "test targets' code is not the app's")
        // The table: where the code names each container, how it syncs, sharing.
        let header = try #require(out.split(separator: "\n").first)
        #expect(header.contains("SHARING") && header.contains("SYNC"))
        #expect(out.contains("✓ iCloud.com.example.Journal (Sync.swift:7)"))
        #expect(out.contains("✗ iCloud.com.example.Jornal (Sync.swift:6)"))
        #expect(out.contains("raw operations"))

        let json = try CommandRunner.run(["doctor", "--format", "json"], in: folder.url)
        #expect(json.status == 1 && json.standardOutput.contains("\"app_code_container_not_entitled\""))
    }

    @Test func aCorrectAppHasNoCodeFindings() throws {
        let folder = try Self.journal(["Journal/Store.swift": """
            import SwiftData
            struct Store {
                static let identifier = "iCloud.com.example.Journal"
                let config = ModelConfiguration(schema: schema, cloudKitDatabase: .private(identifier))
            }
            """])
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("SwiftData"))
        #expect(result.standardError.contains("1 Swift file: no problems"))
    }

    @Test func withoutTheCompanionANoteSaysSoAndTheConfigurationRulesRun() throws {
        let folder = try Self.journal(["Journal/Sync.swift": Self.sync])
        let result = try CommandRunner.run(["doctor", "--format", "json"], in: folder.url,
                                           environment: ["CKSCHEMA_CHECK_CODE": folder.url.appendingPathComponent("missing").path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("\"app_code_not_read\""))
        #expect(!result.standardOutput.contains("app_code_container_not_entitled"))
    }

    @Test func aPlainSwiftPackageIsJudgedOnItsCode() throws {
        let folder = try TemporaryDirectory()
        try folder.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Tool\")\n",
                         to: "Package.swift")
        // An engine that keeps its state and resolves conflicts: the code-practice rules find nothing to say.
        try folder.write("let engine = CKSyncEngine(configuration)\nlet c = CKContainer(identifier: \"iCloud.com.example.Tool\")\n"
                            + "func keep(_ u: CKSyncEngine.Event.StateUpdate) { save(u.stateSerialization) }\n"
                            + "func sent(_ e: CKSyncEngine.Event.SentRecordZoneChanges) {\n"
                            + "    for f in e.failedRecordSaves where f.error.code == .serverRecordChanged { merge(f) }\n}\n",
                         to: "Sources/Tool/main.swift")
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Swift code") && result.standardOutput.contains("CKSyncEngine"))
    }

    @Test func aTruncatedProjectIsOneLocatedError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n", to: "App.xcodeproj/project.pbxproj")
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 2)
        let all = result.standardOutput + result.standardError
        #expect(all.contains("App.xcodeproj/project.pbxproj:") && all.contains("error: "))
        #expect(!all.contains("no Xcode project"))
        #expect(all.components(separatedBy: "error: ").count == 2, "one error: \(all)")
    }
}
