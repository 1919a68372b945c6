import CKSchemaCore
import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// `AppDoctor`, the one code path under `ckschema doctor` and the MCP `doctor` tool: the report a front end
/// prints or returns, an app with nothing to judge, and the confinement hook the server refuses links out with.
@Suite(.timeLimit(.minutes(1))) struct AppDoctorTests {
    static let projectYML = DoctorFixtures.journalProject

    static func entitlements(push: Bool) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "    <key>com.apple.developer.icloud-services</key>\n    <array><string>CloudKit</string></array>\n"
            + "    <key>com.apple.developer.icloud-container-identifiers</key>\n"
            + "    <array><string>iCloud.com.example.Journal</string></array>\n"
            + (push ? "    <key>aps-environment</key><string>development</string>\n" : "")
            + "</dict>\n</plist>\n"
    }

    let directory: TemporaryDirectory
    let root: String
    let project = Project(configuration: ProjectConfiguration(), configFile: nil, diagnostics: [])

    init() throws {
        directory = try TemporaryDirectory()
        root = directory.url.appendingPathComponent("project").path
        try directory.write(Self.projectYML, to: "project/App/project.yml")
    }

    @Test func aCleanAppHasItsTableAndSaysWhatItRead() throws {
        try directory.write(Self.entitlements(push: true), to: "project/App/Journal/Journal.entitlements")
        let report = try AppDoctor.run(project, root: root + "/App")
        #expect(report.failure == nil && report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.table.hasPrefix("TARGET") && report.table.contains("com.example.Journal"))
        #expect(report.cleanSummary == "1 target, 0 signing script calls: no problems")
    }

    @Test func findingsAreLocatedAndQuoted() throws {
        try directory.write(Self.entitlements(push: false), to: "project/App/Journal/Journal.entitlements")
        let report = try AppDoctor.run(project, root: root + "/App")
        let finding = try #require(report.diagnostics.first { $0.id == "app_push_entitlement_missing" })
        #expect(finding.severity == .warning)
        #expect(report.sources.contains { $0.path == finding.location?.file })
    }

    @Test func aFolderWithoutAnAppIsAFailureNotAReport() throws {
        try directory.write("hello\n", to: "project/Docs/README.md")
        let report = try AppDoctor.run(project, root: root + "/Docs")
        #expect(report.failure?.contains("no Xcode project") == true)
        #expect(throws: ServiceError.couldNotRun("'\(root)/Nowhere' is not a folder: doctor reads an app's folder")) {
            try AppDoctor.run(project, root: root + "/Nowhere")
        }
    }

    /// The server confines every file doctor would read: a linked file leading out stops the call unread.
    @Test func aLinkOutIsRefusedBeforeAnythingIsRead() throws {
        try directory.write("secret\n", to: "outside.plist")
        try FileManager.default.createDirectory(atPath: root + "/App/Journal", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Journal/Journal.entitlements",
                                                   withDestinationPath: directory.url.appendingPathComponent("outside.plist").path)
        let folder = try #require(ProjectFolder(root))
        #expect(throws: ServiceError.outsideProject(root + "/App/Journal/Journal.entitlements")) {
            try AppDoctor.run(project, root: root + "/App") { (files: [String]) throws(ServiceError) in
                for file in files { _ = try folder.confine(file) }
            }
        }
    }
}
