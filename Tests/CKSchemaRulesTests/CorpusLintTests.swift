import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// The whole shared corpus of real `.ckdb` files, linted with the full catalog at default settings: nothing
/// traps, every finding is located in its file, and the number of findings per rule is exactly what was
/// reviewed (a change in a rule shows up here as a changed count to look at).
@Suite struct CorpusLintTests {
    /// Findings per ID over the 90 `.ckdb` files of the corpus, reviewed by reading samples of each:
    /// - `record_id_queryable`: mostly Core Data exports, which lack the index by default (CLOUDKIT-RULES §7);
    /// - `bytes_not_indexed`: BYTES that development's auto-indexing made QUERYABLE SORTABLE (§4.2);
    /// - `created_by_queryable`: types readable only by creators, without the ___createdBy index;
    /// - `encrypted_field_not_public`: encrypted fields in types with the Console's default public grants;
    /// - `core_data_prefix_reserved`: two hand-written schemas that imitate Core Data without CD_entityName;
    /// - `sortable_not_on_reference_or_list`: SORTABLE lists and `___recordID` SORTABLE in hand-written files;
    /// - `system_names_reserved`: the invented `___recordType` of early drafts;
    /// - `ckdb_syntax` and `lint_incomplete`: the three invalid drafts (see CKDBCorpusTests).
    static let expectedCounts: [String: Int] = [
        "bytes_not_indexed": 164,
        "ckdb_syntax": 10,
        "core_data_prefix_reserved": 10,
        "created_by_queryable": 34,
        "encrypted_field_not_public": 18,
        "lint_incomplete": 3,
        "record_id_queryable": 198,
        "sortable_not_on_reference_or_list": 7,
        "system_names_reserved": 5,
    ]

    @Test func theCorpusLintsWithTheReviewedCounts() throws {
        guard let directory = SharedCorpus.directory("ckdb") else { return }
        let schemas = try SchemaLoader.load(paths: [directory.path])
        #expect(schemas.count >= 90, "only \(schemas.count) .ckdb files found")
        var counts: [String: Int] = [:]
        for schema in schemas {
            let path = try #require(schema.sources.first?.path)
            for finding in Linter().lint(schema) {
                counts[finding.id.rawValue, default: 0] += 1
                #expect(finding.location?.file == path, "\(finding.id) in \(path) is not located in it")
            }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print("corpus lint: \(schemas.count) files; \(summary)")
        #expect(counts == Self.expectedCounts, "counts differ: \(summary)")
    }
}
