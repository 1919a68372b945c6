import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// The example app (`Examples/CloudJournal`) and the guide's app (the shared corpus' CloudJournal) against the
/// example's environments: nothing against development; against production, exactly what is not deployed.
@Suite struct ExampleAppTests {
    private static let root = SharedCorpus.repositoryRoot

    private func check(_ folder: URL, against environment: String) throws -> [Diagnostic] {
        let schema = try SchemaLoader.loadOne(paths: [Self.root.appendingPathComponent("environments/\(environment).ckdb").path])
        #expect(!schema.hasErrors)
        let analysis = try CodeAnalyzer.analyze(paths: [folder.path])
        return CodeChecker().check(analysis.usages, against: schema.schema, schemaName: environment,
                                   sources: analysis.sources, diagnostics: analysis.diagnostics)
    }

    @Test func exampleAppIsCleanAgainstDevelopment() throws {
        let findings = try check(Self.root.appendingPathComponent("Examples/CloudJournal/Sources"), against: "development")
        #expect(findings.isEmpty, "\(findings.map { "\($0.location.map(String.init(describing:)) ?? ""): \($0.message)" })")
    }

    @Test func exampleAppFindsExactlyWhatProductionLacks() throws {
        let findings = try check(Self.root.appendingPathComponent("Examples/CloudJournal/Sources"), against: "production")
        let summary = findings.map { "\($0.id) \($0.subject.map(String.init(describing:)) ?? "")" }
        // Not deployed yet: the field JournalEntry.place, the QUERYABLE index on JournalEntry.mood and the
        // record type PublishedEntry (saved and queried).
        #expect(summary == [
            "code_field_missing JournalEntry.place",
            "code_query_field_not_queryable JournalEntry.mood",
            "code_record_type_missing PublishedEntry",
            "code_record_type_missing PublishedEntry",
        ])
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    @Test(.sharedCorpus("swift/cloudjournal"))
    func theGuidesAppIsCleanAgainstTheExamplesDevelopmentSchema() throws {
        let findings = try check(try SharedCorpus.require("swift/cloudjournal"), against: "development")
        #expect(findings.filter { $0.severity != .note }.isEmpty, "\(findings.map(\.message))")
        #expect(findings.isEmpty, "notes: \(findings.map(\.message))")
    }
}
