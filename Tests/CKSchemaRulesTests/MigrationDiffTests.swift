import CKSchemaCore
import CKSchemaDiff
import CKSchemaRules
import Foundation
import Testing

/// `diff` with field migrations (`renamedFrom` / `replaces`): a field that takes over from one the baseline has
/// is a safe `migrate_field`, not an addition with a rename hint; deleting the retired field stays breaking and
/// names the migration; a new index on a retired field is an error.
@Suite struct MigrationDiffTests {
    private static func field(_ name: String, _ type: FieldType, indexes: FieldIndexes = [],
                              migration: FieldMigration? = nil) -> Field {
        Field(name: name, type: type, indexes: indexes, metadata: FieldMetadata(migration: migration))
    }

    private static let starred = field("starred", .int64, migration: FieldMigration(kind: .rename, oldField: "isFavorite"))
    private static let isFavorite = field("isFavorite", .int64)

    private static func note(_ fields: [Field]) -> Schema {
        Schema(recordTypes: [RecordType(name: "Note", fields: [field("title", .string)] + fields)])
    }

    private static func classify(_ baseline: Schema, _ candidate: Schema) -> ClassifiedChangeSet {
        let changes = SchemaDiffer.diff(baseline: (baseline, SourceMap()), candidate: (candidate, SourceMap()))
        return BreakingChecker(environments: EnvironmentSchemas(production: baseline)).classify(changes)
    }

    private static func json(_ record: ChangeRecord) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try #require(JSONSerialization.jsonObject(with: encoder.encode(record)) as? [String: Any])
    }

    @Test func aRenameIsOneSafeMigration() throws {
        let result = Self.classify(Self.note([Self.isFavorite]), Self.note([Self.isFavorite, Self.starred]))
        let change = try #require(result.changes.first)
        #expect(result.changes.count == 1)
        #expect(change.change.identifier == "migrate_field" && change.change.action == .migrate)
        #expect(change.change.description == "migrate field 'starred' INT64 from 'isFavorite' INT64 (renamedFrom)")
        #expect(change.classification == .safe && change.findings.isEmpty && change.change.hints.isEmpty)
        #expect(result.isDeployable)
        // A migration adds its field to CloudKit: it counts among the additions the Console deploys.
        #expect(result.additionsNote?.hasPrefix("1 addition is safe") == true)
        let record = try Self.json(ChangeRecord(change))
        #expect(record["kind"] as? String == "migrate_field")
        #expect(record["action"] as? String == "migrate" && record["element"] as? String == "field")
        #expect((record["baseline"] as? [String: Any])?["value"] as? String == "INT64")
        #expect((record["candidate"] as? [String: Any])?["value"] as? String == "INT64")
        let migration = try #require(record["migration"] as? [String: Any])
        #expect(migration["field"] as? String == "starred" && migration["from"] as? String == "isFavorite")
        #expect(migration["declaration"] as? String == "renamedFrom")
        #expect(migration["dualWrite"] as? Bool == false && migration["lossy"] as? Bool == false)
        let decoded = try JSONDecoder().decode(ChangeRecord.self, from: JSONEncoder().encode(ChangeRecord(change)))
        #expect(decoded == ChangeRecord(change))
    }

    @Test func aRetypeIsOneSafeMigrationWithBothTypes() throws {
        let rating = Self.field("rating", .double, migration: FieldMigration(kind: .retype, oldField: "stars",
                                                                             oldType: .int64, dualWrite: true))
        let stars = Self.field("stars", .int64)
        let result = Self.classify(Self.note([stars]), Self.note([stars, rating]))
        let change = try #require(result.changes.first)
        #expect(result.changes.map(\.change.description) == ["migrate field 'rating' DOUBLE from 'stars' INT64 (replaces)"])
        #expect(change.classification == .safe)
        #expect(change.change.baselineValue == "INT64" && change.change.candidateValue == "DOUBLE")
        #expect(ChangeRecord(change).migration?.dualWrite == true)
    }

    @Test func withoutTheDeclarationTheSamePairIsAnAdditionAndADeletionWithHints() {
        let result = Self.classify(Self.note([Self.isFavorite]), Self.note([Self.field("starred", .int64)]))
        #expect(result.changes.map(\.change.identifier) == ["delete_field", "add_field"])
        #expect(result.changes.allSatisfy { !$0.change.hints.isEmpty })
    }

    @Test func deletingTheRetiredFieldStaysBreakingAndNamesTheMigration() throws {
        let result = Self.classify(Self.note([Self.isFavorite]), Self.note([Self.starred]))
        #expect(result.changes.map(\.change.identifier) == ["delete_field", "migrate_field"])
        let deletion = try #require(result.changes.first)
        #expect(deletion.classification == .breaking && !result.isDeployable)
        let finding = try #require(deletion.findings.first)
        #expect(finding.id == "field_no_delete")
        #expect(finding.message.contains("'starred' migrates from ('renamedFrom: isFavorite')"))
        #expect(finding.message.contains("CloudKit refuses"))
        // The migration explains the pair: no "looks like a rename" hint on either side.
        #expect(result.changes.allSatisfy { $0.change.hints.isEmpty })
        #expect(ChangeRecord(deletion).migration?.field == "starred")
    }

    @Test func deletingARetiredFieldWhoseMigrationTheCandidateDroppedNamesTheBaselinesMigration() throws {
        let result = Self.classify(Self.note([Self.isFavorite, Self.starred]), Self.note([Self.field("starred", .int64)]))
        let finding = try #require(result.changes.first?.findings.first)
        #expect(result.changes.map(\.change.identifier) == ["delete_field"])
        #expect(finding.id == "field_no_delete" && finding.severity == .error)
        #expect(finding.message.contains("'starred' migrates from"))
    }

    @Test func deletingARetiredFieldNoEnvironmentHasIsOnlyANote() throws {
        let baseline = Self.note([Self.isFavorite, Self.starred])
        let changes = SchemaDiffer.diff(baseline: (baseline, SourceMap()), candidate: (Self.note([Self.starred]), SourceMap()))
        let result = BreakingChecker(environments: EnvironmentSchemas(production: Schema(), development: Schema()))
            .classify(changes)
        #expect(result.changes.map(\.classification) == [.safe])
    }

    @Test func aNewIndexOnARetiredFieldIsAnError() throws {
        let indexed = Self.field("isFavorite", .int64, indexes: [.queryable])
        let starredIndexed = Self.field("starred", .int64, indexes: [.queryable, .sortable],
                                        migration: FieldMigration(kind: .rename, oldField: "isFavorite"))
        let result = Self.classify(Self.note([Self.isFavorite, Self.starred]), Self.note([indexed, starredIndexed]))
        let retired = try #require(result.changes.first { $0.change.subject == .fieldIndex("Note", "isFavorite", .queryable) })
        #expect(retired.classification == .breaking)
        let finding = try #require(retired.findings.first)
        #expect(finding.id == "retired_field_same_indexes" && finding.severity == .error)
        #expect(finding.message.contains("index 'starred' instead"))
        // The field that replaced it may be indexed.
        let others = result.changes.filter { $0.change.subject != .fieldIndex("Note", "isFavorite", .queryable) }
        #expect(others.count == 2 && others.allSatisfy { $0.classification == .safe })
    }

    @Test func aMigrationFromAFieldTheBaselineLacksIsTwoAdditions() {
        let result = Self.classify(Self.note([]), Self.note([Self.isFavorite, Self.starred]))
        #expect(result.changes.map(\.change.identifier) == ["add_field", "add_field"])
        #expect(result.changes.allSatisfy { $0.classification == .safe })
    }
}
