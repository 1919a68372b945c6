import CKSchemaCore
import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// Doctor's own filter of the rules' findings: a `// ckschema:disable-next-line RULE` comment in Swift silences a
/// code-practice finding whatever the detectors did with it, and `doctor.ignore` matches paths under the app's folder.
@Suite(.timeLimit(.minutes(1))) struct DoctorSuppressionTests {
    static let query = """
        import CloudKit

        func all(_ database: CKDatabase) async throws -> [CKRecord] {
        %@    let (results, _) = try await database.records(matching: CKQuery(recordType: "Entry", predicate: NSPredicate(value: true)))
            return results.compactMap { try? $0.1.get() }
        }

        """

    static func app(comment: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try directory.write(AppDoctorTests.projectYML, to: "App/project.yml")
        try directory.write(AppDoctorTests.entitlements(push: true), to: "App/Journal/Journal.entitlements")
        try directory.write(query.replacingOccurrences(of: "%@", with: comment), to: "App/Journal/Query.swift")
        return (directory, directory.url.appendingPathComponent("App").path)
    }

    static let project = Project(configuration: ProjectConfiguration(), configFile: nil, diagnostics: [])

    @Test func aSwiftCommentSilencesAPracticeFindingThroughDoctor() throws {
        let (kept, keptRoot) = try Self.app(comment: "")
        try withExtendedLifetime(kept) {
            let found = try AppDoctor.run(Self.project, root: keptRoot).diagnostics.filter { $0.id == "app_cursor_ignored" }
            #expect(found.count == 1 && found.first?.location?.line == 4, "\(found)")
        }
        let (silenced, silencedRoot) = try Self.app(comment: "    // ckschema:disable-next-line app_cursor_ignored\n")
        try withExtendedLifetime(silenced) {
            let report = try AppDoctor.run(Self.project, root: silencedRoot)
            #expect(!report.diagnostics.contains { $0.id == "app_cursor_ignored" }, "\(report.diagnostics)")
        }
    }

    /// The filter on its own, on a finding as the detectors hand it over unsilenced: doctor needs no help from them.
    @Test func theFilterSilencesAFindingTheDetectorsKept() {
        let file = SourceFile(path: "App/Journal/Query.swift",
                              text: "func all() {\n    // ckschema:disable-next-line app_cursor_ignored\n    let (r, _) = query()\n}\n")
        let finding = Diagnostic(id: "app_cursor_ignored", severity: .error, message: "the cursor is dropped",
                                 location: SourceLocation(file: file.path, line: 3, column: 20))
        let other = Diagnostic(id: "app_cursor_ignored", severity: .error, message: "the cursor is dropped",
                               location: SourceLocation(file: file.path, line: 1, column: 1))
        let kept = DoctorFindingFilter.apply([finding, other], sources: [file], settings: LintSettings(), root: "App")
        #expect(kept == [other])
    }

    @Test func ignoreMatchesPathsUnderTheAppsFolder() {
        let finding = Diagnostic(id: "app_cursor_ignored", severity: .error, message: "the cursor is dropped",
                                 location: SourceLocation(file: "/tmp/Apps/Journal/Legacy/Query.swift", line: 3, column: 20))
        var settings = LintSettings()
        settings.ignoredPaths = ["Legacy/**"]
        #expect(DoctorFindingFilter.apply([finding], sources: [], settings: settings, root: "/tmp/Apps/Journal").isEmpty)
        #expect(DoctorFindingFilter.apply([finding], sources: [], settings: settings, root: "/tmp/Apps") == [finding])
    }
}
