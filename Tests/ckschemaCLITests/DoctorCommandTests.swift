import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema doctor` run as a user would: the table, the findings in every format, the exit codes, and
/// `doctor:` severities in ckschema.yaml.
@Suite struct DoctorCommandTests {
    static let project = DoctorFixtures.journalProject

    static func entitlements(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
    }

    static let cloudKit = """
            <key>com.apple.developer.icloud-services</key>
            <array><string>CloudKit</string></array>
            <key>com.apple.developer.icloud-container-identifiers</key>
            <array><string>iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)</string></array>

        """

    static func app(_ entries: String, config: String? = nil) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(project, to: "project.yml")
        try folder.write(entitlements(entries), to: "Journal/Journal.entitlements")
        if let config { try folder.write(config, to: "ckschema.yaml") }
        return folder
    }

    @Test func aCleanAppPrintsItsTableAndExitsZero() throws {
        let folder = try Self.app(Self.cloudKit + "    <key>aps-environment</key><string>development</string>\n",
                                  config: "cloudkit:\n  containerID: iCloud.com.example.Journal\n")
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("TARGET"))
        #expect(result.standardOutput.contains("Journal  iOS       com.example.Journal  ✓ iCloud.com.example.Journal"))
        #expect(result.standardError.contains("no problems"))
    }

    @Test func errorsExitOneInEveryFormat() throws {
        let folder = try Self.app(Self.cloudKit + "    <key>aps-environment</key><string>development</string>\n"
            + "    <key>com.apple.developer.icloud-container-environment</key><string>production</string>\n",
            config: "cloudkit:\n  containerID: iCloud.com.example.Journal\n")
        let text = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("Journal/Journal.entitlements:9:5: error: ") && text.standardOutput.contains("[app_environment_invalid]"))
        let json = try CommandRunner.run(["doctor", "--format", "json"], in: folder.url)
        #expect(json.status == 1 && !json.standardOutput.contains("TARGET"))
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
        #expect(String(describing: document).contains("app_environment_invalid"))
        let sarif = try CommandRunner.run(["doctor", "--format", "sarif"], in: folder.url)
        #expect(sarif.status == 1 && sarif.standardOutput.contains("\"ruleId\" : \"app_environment_invalid\"")
                || sarif.standardOutput.contains("\"ruleId\":\"app_environment_invalid\""))
        let github = try CommandRunner.run(["doctor", "--format", "github"], in: folder.url)
        #expect(github.standardOutput.contains("::error file="))
    }

    @Test func severitiesComeFromTheDoctorSection() throws {
        let config = "doctor:\n  severity:\n    app_push_entitlement_missing: error\n"
        let folder = try Self.app(Self.cloudKit, config: config)
        let result = try CommandRunner.run(["doctor", "--config", folder.url.appendingPathComponent("ckschema.yaml").path])
        #expect(result.status == 1, "a warning made an error")
        #expect(result.standardOutput.contains("error: ") && result.standardOutput.contains("[app_push_entitlement_missing]"))
        let off = try Self.app(Self.cloudKit, config: "doctor:\n  disable: [app_push_entitlement_missing]\n")
        let quiet = try CommandRunner.run(["doctor", "--config", off.url.appendingPathComponent("ckschema.yaml").path])
        #expect(quiet.status == 0 && !quiet.standardOutput.contains("app_push_entitlement_missing"))
        let typo = try Self.app(Self.cloudKit, config: "doctor:\n  disable: [app_push_entitlment_missing]\n")
        let refused = try CommandRunner.run(["doctor", "--config", typo.url.appendingPathComponent("ckschema.yaml").path])
        #expect(refused.status == 2 && refused.standardError.contains("did you mean 'app_push_entitlement_missing'"))
    }

    /// `ckschema doctor PATH` is configured by PATH's project, not by the folder it is run from; `--config` still wins.
    @Test func thePathsOwnConfigurationAppliesNotTheCurrentFolders() throws {
        let app = try Self.app(Self.cloudKit, config: "cloudkit:\n  containerID: iCloud.com.example.Journal\n"
            + "doctor:\n  severity:\n    app_push_entitlement_missing: error\n")
        let elsewhere = try TemporaryDirectory()
        try elsewhere.write("cloudkit:\n  containerID: iCloud.com.example.Other\ndoctor:\n  disable: [app_push_entitlement_missing]\n",
                            to: "ckschema.yaml")
        let result = try CommandRunner.run(["doctor", app.url.path], in: elsewhere.url)
        #expect(result.status == 1, "the app's own severity makes the missing push an error: \(result.standardOutput)")
        #expect(result.standardOutput.contains("error: ") && result.standardOutput.contains("[app_push_entitlement_missing]"))
        #expect(!result.standardOutput.contains("iCloud.com.example.Other"), "the current folder's container is not judged")
        let overridden = try CommandRunner.run(["doctor", app.url.path, "--config", "ckschema.yaml"], in: elsewhere.url)
        #expect(!overridden.standardOutput.contains("[app_push_entitlement_missing]"), "\(overridden.standardOutput)")
        #expect(overridden.standardOutput.contains("[app_config_container_not_entitled]"))
    }

    @Test func aCommentSilencesAFinding() throws {
        let folder = try Self.app("    <!-- ckschema:disable-next-line app_push_entitlement_missing -->\n" + Self.cloudKit)
        let result = try CommandRunner.run(["doctor"], in: folder.url)
        #expect(result.status == 0 && !result.standardOutput.contains("app_push_entitlement_missing"), "\(result.standardOutput)")
    }

    @Test func aBrokenOnlyProjectIsItsLocatedErrorNotNothingFound() throws {
        let folder = try TemporaryDirectory()
        try folder.write("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tAB = {isa = ", to: "App.xcodeproj/project.pbxproj")
        let result = try CommandRunner.run(["doctor", folder.url.path], in: folder.url)
        #expect(result.status == 2, "nothing could be judged: \(result.standardError)")
        #expect(result.standardOutput.contains("App.xcodeproj/project.pbxproj:4:") && result.standardOutput.contains("[app_plist_syntax]"))
        #expect(!result.standardError.contains("no Xcode project"))
    }

    @Test func nothingToReadExitsTwo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("hello\n", to: "README.md")
        let result = try CommandRunner.run(["doctor", folder.url.path], in: folder.url)
        #expect(result.status == 2 && result.standardError.contains("no Xcode project"))
        let missing = try CommandRunner.run(["doctor", folder.url.appendingPathComponent("nowhere").path])
        #expect(missing.status == 2 && missing.standardError.contains("is not a folder"))
    }
}
