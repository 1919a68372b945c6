import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Foundation
import Testing

/// Doctor on the small hand-written apps under `Fixtures/` (Xcode projects, XML and binary entitlements,
/// scripts): what each target signs with, and every finding, located.
@Suite struct AppFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func doctor(_ name: String) -> (project: AppProject, findings: [String]) {
        let root = fixtures + "/" + name
        let configured = (try? String(contentsOfFile: root + "/ckschema.yaml", encoding: .utf8)).flatMap {
            AppProjectReader.configuredContainer(in: SourceFile(path: "ckschema.yaml", text: $0))
        }
        let project = AppProjectReader.read(DiskAppFiles(root: root), configuredContainer: configured)
        let findings = Diagnostic.sortedForOutput(AppRules.check(project)).map { diagnostic in
            let place = diagnostic.location.map { location in
                let file = location.file.hasPrefix(root + "/") ? String(location.file.dropFirst(root.count + 1)) : location.file
                return "\(file):\(location.line):\(location.column)"
            } ?? "-"
            return "\(place) \(diagnostic.severity.rawValue) \(diagnostic.id)"
        }
        return (project, findings)
    }

    @Test func projectSettingsExpandIntoTheTargetsEntitlements() throws {
        let (project, findings) = Self.doctor("Clean")
        #expect(findings.isEmpty, "\(findings)")
        #expect(project.targets.map(\.name) == ["Journal", "JournalMac"])
        let journal = try #require(project.targets.first?.variants.first)
        #expect(project.targets[0].variants.count == 1 && journal.configurations == ["Debug", "Release"])
        #expect(journal.platform == .iOS && journal.bundleID == "com.example.Journal")
        #expect(journal.entitlements?.containers.map(\.text) == ["iCloud.com.example.Journal"], "iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(journal.backgroundModes == ["remote-notification"], "INFOPLIST_KEY_UIBackgroundModes")
        let mac = try #require(project.targets.last?.variants.first)
        #expect(mac.platform == .macOS, "SDKROOT of the target over the project's")
        #expect(mac.entitlements?.path.hasSuffix("JournalMac/JournalMac.entitlements") == true, "[sdk=macosx*], binary plist")
        #expect(mac.entitlements?.services == ["CloudKit"])
    }

    @Test func aTargetPinningProductionBesideOneThatDoesNotIsAnError() {
        let (project, findings) = Self.doctor("SplitEnvironment")
        #expect(findings == ["Journal/Journal.entitlements:7:2 error app_environment_split"])
        #expect(project.targets.first?.variants.first?.backgroundModes == ["remote-notification"], "read from Info.plist")
        let table = DoctorSummary.table(project)
        #expect(table.contains("Production (pinned)") && table.contains("default (profile)"))
        #expect(table.contains("✓ iCloud.com.example.Journal"))
    }

    @Test func everyEntitlementMistakeOfAnXcodeProject() {
        let (project, findings) = Self.doctor("Misconfigured")
        #expect(findings == [
            "App/App.entitlements:5:2 error app_development_containers",
            "App/App.entitlements:7:3 error app_container_id_malformed",
            "App/App.entitlements:11:3 error app_container_id_malformed",
            "App/App.entitlements:13:2 warning app_push_entitlement_missing",
            "App/Info.plist:1:1 warning app_background_mode_missing",
            "Mac/Mac.entitlements:7:2 error app_containers_without_cloudkit",
            "Widget/Widget.entitlements:5:2 error app_cloudkit_without_containers",
            "ckschema.yaml:2:16 error app_config_container_not_entitled",
        ])
        #expect(project.targets.first?.variants.first?.backgroundModes == ["fetch"], "a binary Info.plist")
    }

    @Test func aMultiplatformTargetPinningOnOnePlatform() {
        let (project, findings) = Self.doctor("Multiplatform")
        #expect(findings == ["Notes/Notes.entitlements:7:2 error app_environment_split"])
        #expect(project.targets.first?.variants.map(\.platform) == [.iOS, .macOS], "SUPPORTED_PLATFORMS, SDKROOT = auto")
        #expect(project.targets.first?.variants.map { $0.entitlementsPath ?? "" }.map { String($0.suffix(20)) }
                == ["Notes/Notes.entitlements", "s/NotesMac.entitlements"].map { String($0.suffix(20)) })
    }

    @Test func brokenInputsAreLocatedErrorsNotCrashes() {
        let (project, findings) = Self.doctor("Broken")
        #expect(findings == [
            "App.xcodeproj/project.pbxproj:77:5 error app_file_unreadable",
            "App/Info.plist:1:6 error app_plist_syntax",
            "Truncated.xcodeproj/project.pbxproj:61:19 error app_plist_syntax",
            "Widget/Widget.entitlements:4:1 error app_plist_wrong_type",
        ])
        #expect(project.targets.map(\.name) == ["App", "Widget"], "the readable project is still read")
    }

    @Test func scriptsSigningOutsideXcode() {
        let (project, findings) = Self.doctor("DeveloperID")
        #expect(findings == [
            "Mac/Mac.entitlements:13:2 error app_environment_invalid",
            "Makefile:2:2 note app_not_read",
            "Old/Unused.entitlements:1:1 note app_entitlements_unreferenced",
            "Tuist/Project.swift:1:1 note app_not_read",
            "scripts/notarize.sh:3:1 error app_script_signing_incomplete",
        ])
        #expect(project.signings.count == 3, "`codesign -d --entitlements -` writes the entitlements out: it signs with nothing")
        #expect(project.signings.contains { $0.entitlements?.path.hasSuffix("Mac/Complete.entitlements") == true },
                "${{ github.workspace }} is the repository's root")
        let signing = project.signings.first { $0.location.file.hasSuffix("notarize.sh") }
        #expect(signing?.entitlements?.entry(Entitlements.Key.teamIdentifier) != nil)
        #expect(signing?.entitlements?.entry(Entitlements.Key.macApplicationIdentifier) == nil, "a key in a comment is not there")
    }
}

/// The walk of a folder on disk: linked folders are not followed, so a link to a parent cannot loop.
@Suite struct DiskAppFilesTests {
    @Test func aLinkToAParentFolderIsNotWalked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-walk-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/DerivedData"), withIntermediateDirectories: true)
        try "<plist><dict/></plist>".write(to: root.appendingPathComponent("App/App.entitlements"), atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("App/DerivedData/Built.entitlements"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/loop").path, withDestinationPath: "..")
        #expect(DiskAppFiles(root: root.path).files == ["App/App.entitlements"])
    }

    /// A second SwiftPM build folder (`swift build --build-path .build-mcp`) holds checkouts of other packages,
    /// whose projects and entitlements are not the app's.
    @Test func otherSwiftPMBuildFoldersAreNotWalked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-walk-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".build-mcp/checkouts/sdk"),
                                                withIntermediateDirectories: true)
        try "<plist><dict/></plist>".write(to: root.appendingPathComponent("App.entitlements"), atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent(".build-mcp/checkouts/sdk/Other.entitlements"), atomically: true,
                      encoding: .utf8)
        #expect(DiskAppFiles(root: root.path).files == ["App.entitlements"])
    }
}
