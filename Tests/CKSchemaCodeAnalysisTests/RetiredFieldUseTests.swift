import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaRules
import Foundation
import Testing

/// `code_retired_field_used` on a fixture app midway through two migrations: every read, write, filter, sort
/// and desired key of a retired field is a warning naming the field that replaced it; the app's own migration
/// silences its line; the migrations come from the project schema when the code is checked against a snapshot.
@Suite struct RetiredFieldUseTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MigratingApp")

    /// The project schema: the two migrations, and an index on each retired field from before.
    static let project = Schema(recordTypes: [
        RecordType(name: "Note", fields: [
            Field(name: "title", type: .string),
            Field(name: "isFavorite", type: .int64, indexes: [.queryable]),
            Field(name: "starred", type: .int64, metadata: FieldMetadata(
                migration: FieldMigration(kind: .rename, oldField: "isFavorite"))),
            Field(name: "stars", type: .int64, indexes: [.sortable]),
            Field(name: "rating", type: .double, metadata: FieldMetadata(
                migration: FieldMigration(kind: .retype, oldField: "stars", oldType: .int64))),
        ]),
    ])

    /// The same schema as a production snapshot keeps it: no YAML metadata.
    static var snapshot: Schema {
        Schema(recordTypes: project.recordTypes.map { type in
            RecordType(name: type.name, fields: type.fields.map { $0.cloudKitOnly() })
        })
    }

    private func findings(against schema: Schema, project: Schema?) throws -> [Diagnostic] {
        let analysis = try CodeAnalyzer.analyze(paths: [Self.folder.path])
        return CodeChecker().check(analysis.usages, against: schema, schemaName: "production", environment: .production,
                                   sources: analysis.sources, diagnostics: analysis.diagnostics, project: project)
    }

    private func lines(_ findings: [Diagnostic]) -> [String] {
        findings.map { "\($0.location?.line ?? 0) \($0.id) \($0.subject.map(String.init(describing:)) ?? "")" }
    }

    @Test func everyUseOfARetiredKeyIsAWarningNamingItsReplacement() throws {
        let found = try findings(against: Self.project, project: nil)
        #expect(lines(found) == [
            "28 code_retired_field_used Note.isFavorite",
            "32 code_retired_field_used Note.isFavorite",
            "33 code_retired_field_used Note.stars",
            "35 code_retired_field_used Note.stars",
        ])
        #expect(found.allSatisfy { $0.severity == .warning })
        let write = try #require(found.first)
        #expect(write.message.contains("'starred' replaces it ('renamedFrom: isFavorite')"))
        let sort = try #require(found.first { $0.location?.line == 33 })
        #expect(sort.message.contains("'rating' replaces it ('replaces: stars INT64')"))
        #expect(sort.message.contains("finds only records not migrated yet"))
    }

    @Test func aSnapshotIsCheckedWithTheProjectsMigrations() throws {
        #expect(lines(try findings(against: Self.snapshot, project: Self.project)).count == 4)
        #expect(try findings(against: Self.snapshot, project: nil).isEmpty)
    }

    @Test func theRuleCanBeSwitchedOffInTheConfiguration() throws {
        let analysis = try CodeAnalyzer.analyze(paths: [Self.folder.path])
        let settings = LintSettings(disabled: ["code_retired_field_used"])
        let found = CodeChecker(settings: settings).check(analysis.usages, against: Self.project, schemaName: "production",
                                                          sources: analysis.sources)
        #expect(found.isEmpty)
    }
}
