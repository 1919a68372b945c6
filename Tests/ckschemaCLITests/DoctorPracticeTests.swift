import CKSchemaTestSupport
import Foundation
import Testing

/// The code-practice rules end to end: `ckschema doctor` runs the built `ckschema-check-code app-facts`, whose
/// detectors' findings come back as doctor's diagnostics, silenced by a Swift comment where one says so.
@Suite struct DoctorPracticeTests {
    @Test func codePracticeFindingsReachDoctorAndCommentsSilenceThem() throws {
        let folder = try TemporaryDirectory()
        try folder.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Tool\")\n",
                         to: "Package.swift")
        try folder.write("""
            import CloudKit

            func all(_ db: CKDatabase, q: CKQuery, entry: CKRecord) async throws {
                let (results, _) = try await db.records(matching: q)
                // ckschema:disable-next-line app_cloudkit_errors_swallowed
                _ = try? await db.save(entry)
            }
            """, to: "Sources/Tool/Sync.swift")
        let result = try CommandRunner.run(["doctor", "--format", "json"], in: folder.url)
        let output = result.standardOutput
        #expect(result.status == 1, "\(output)\(result.standardError)")
        #expect(output.contains("\"app_cursor_ignored\"") && output.contains("Sync.swift"))
        #expect(output.contains("\"app_server_record_changed_unhandled\""))
        #expect(!output.contains("app_cloudkit_errors_swallowed"), "\(output)")
    }
}
