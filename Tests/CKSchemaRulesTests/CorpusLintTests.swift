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
    /// - `record_id_queryable`: mostly Core Data exports, which lack the index by default
    ///   (docs/cloudkit-facts.md §7); on Core Data's types and on `Users` these are notes;
    /// - `bytes_not_indexed`: BYTES that development's auto-indexing made QUERYABLE SORTABLE on the app's own
    ///   types (§4.2); Core Data's `CD_` fields (148 more) are not reported;
    /// - `created_by_queryable`: types readable only by creators, without the ___createdBy index;
    /// - no `encrypted_field_not_public`: the 18 types with encrypted fields once reported carry only the
    ///   Console's default grants (§2.4);
    /// - `core_data_prefix_reserved`: two hand-written schemas that imitate Core Data without CD_entityName;
    /// - `sortable_not_on_reference_or_list`: SORTABLE lists and `___recordID` SORTABLE in hand-written files;
    /// - `system_names_reserved`: the invented `___recordType` of early drafts;
    /// - `ckdb_syntax` and `lint_incomplete`: the three invalid drafts (see CKDBCorpusTests);
    /// - the access rules, each finding hand-checked in docs/access.md: `user_content_write_restricted`
    ///   (WRITE to _icloud on types users create: WWDCScholars, MistKit's examples, Walking-Buddy),
    ///   `public_type_creatable` (world-readable types no role may create: Console-made configuration, and
    ///   MistKit's server-fed examples before they granted CREATE), `create_not_granted_to_world` and
    ///   `custom_role_granted` (one each).
    static let expectedCounts: [String: Int] = [
        "bytes_not_indexed": 16,
        "ckdb_syntax": 10,
        "core_data_prefix_reserved": 10,
        "create_not_granted_to_world": 1,
        "created_by_queryable": 34,
        "custom_role_granted": 1,
        "lint_incomplete": 3,
        "public_type_creatable": 25,
        "record_id_queryable": 198,
        "sortable_not_on_reference_or_list": 7,
        "system_names_reserved": 5,
        "user_content_write_restricted": 40,
    ]

    @Test(.sharedCorpus("ckdb")) func theCorpusLintsWithTheReviewedCounts() throws {
        let directory = try SharedCorpus.require("ckdb")
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

    /// What `ckschema lint --strict` still reports on the corpus's real exports (files exported from a live
    /// container), each a real problem of that file. A production export is linted as production's own
    /// snapshot, as `ckschema lint production` does, so index advice there is a note. Everything the Console
    /// or Core Data writes by themselves — default grants, Core Data's indexes, the missing `___recordID`
    /// index of Core Data types and of `Users` — is not a warning:
    /// - `record_id_queryable`: record types the app created itself without the index: unfiltered queries
    ///   and the Console's record browser fail until it is added (an additive, safe change);
    /// - `bytes_not_indexed` (school_Message): development's automatic indexing on the app's own BYTES
    ///   fields (keys, ciphertext), which no query can use; the file is not a production export, so removing
    ///   them before deploying costs nothing;
    /// - `created_by_queryable` (AngelLive, Walking-Buddy): grants edited so that only creators read, which
    ///   makes CloudKit filter every query by creator, without the `___createdBy` index that filter needs;
    /// - `sortable_not_on_reference_or_list`: SORTABLE on a `LIST<STRING>` (RHEIRHOME), and on `___recordID`
    ///   in FitPinky's first export, which its authors removed in their next commit ("remove invalid sortable
    ///   flags");
    /// - the access rules (docs/access.md): WWDCScholars lets any signed-in user change Scholar records
    ///   (`user_content_write_restricted`) and has two world-readable types no role may create, which the
    ///   Console fills (`public_type_creatable`), as do CirclesApp's configuration types and Hexfall's official
    ///   challenge overrides; Walking-Buddy grants WRITE to _icloud on eight user types; RHEIRHOME declares a
    ///   role it never grants (`custom_role_granted`).
    static let expectedExportWarnings: [String: [String: Int]] = [
        "KevinBarrett2025__RHEIRHOME__CloudKit-Minimal-Update.sql.ckdb": ["custom_role_granted": 1,
                                                                          "sortable_not_on_reference_or_list": 1],
        "MoYuM__AngelLive__cloudkit_schema.ckdb": ["created_by_queryable": 4],
        "RyosukeTakaoka__school_Message__docs_cloudkit-schema.ckdb": ["bytes_not_indexed": 10, "record_id_queryable": 13],
        "SamuelPicasse__FitPinky__cloudkit-development__a99b10a0.ckdb": ["sortable_not_on_reference_or_list": 6],
        "boxed__Done-and-done__cloudkit_schema.ckdb": ["record_id_queryable": 2],
        "cembot90__YEM1N__cloudkit_schema.ckdb": ["record_id_queryable": 1],
        "chenchungwan__lotusplannerv3__cloudkit-production.ckdb": ["record_id_queryable": 1],
        "fritzzetik__hv-melde-app__docs_CloudKitSchema.ckdb": ["record_id_queryable": 2],
        "WWDCScholars__cloudkit-schema__schema-development.ckdb": ["public_type_creatable": 2, "user_content_write_restricted": 3],
        "WWDCScholars__cloudkit-schema__schema-production.ckdb": ["public_type_creatable": 2, "user_content_write_restricted": 3],
        "frasergraham__Hexfall__cloudkit_schema.ckdb": ["public_type_creatable": 1],
        "frasergraham__Hexfall__cloudkit_schema__a8b005d8.ckdb": ["public_type_creatable": 1],
        "katagaki__CirclesApp__CloudKit.ckdb": ["public_type_creatable": 2],
        "pagoda8__Walking-Buddy__cloudkit-schema.ckdb": ["created_by_queryable": 1, "user_content_write_restricted": 8],
        "pmaiorana__Tabstract__cloudkit-schema.ckdb": ["record_id_queryable": 4],
        "wpowiertowski__healthloom.app__CloudKit_schema.ckdb": ["record_id_queryable": 2],
        "zhong228__MoYue__cloudkit.ckdb": ["record_id_queryable": 4],
    ]

    @Test(.sharedCorpus("ckdb")) func realExportsLintStrictlyButForTheirRealProblems() throws {
        let directory = try SharedCorpus.require("ckdb")
        let exports = try SharedCorpus.manifest(in: directory).filter { $0["kind"] == "exported" }
        #expect(exports.count >= 40, "only \(exports.count) exports listed")
        var found: [String: [String: Int]] = [:]
        for row in exports {
            let file = try #require(row["file"])
            let parsed = try SchemaLoader.loadOne(paths: [directory.appendingPathComponent(file).path])
            let production = row["environment"] == "production" ? parsed.schema : nil
            for finding in Linter().lint(parsed, production: production) where finding.severity != .note {
                found[file, default: [:]][finding.id.rawValue, default: 0] += 1
            }
        }
        #expect(found == Self.expectedExportWarnings, "\(found.sorted { $0.key < $1.key })")
    }
}
