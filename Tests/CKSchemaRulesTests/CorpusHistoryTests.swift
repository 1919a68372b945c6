import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// The differ and the breaking rules over real schema histories from the shared corpus: every pair of
/// consecutive versions of a file (`MANIFEST.tsv` notes "history vN/M of PATH"), the two continuations the
/// manifest notes across files, and the WWDCScholars production/development pair. The expected counts per
/// change kind and per classification were checked by hand against the files.
@Suite struct CorpusHistoryTests {
    /// One comparison and what it must give: change kinds with counts, then classifications with counts.
    struct Pair: Sendable, CustomTestStringConvertible {
        let baseline: String
        let candidate: String
        let expected: String
        var baselineEnvironment: CloudKitEnvironment? = nil
        var testDescription: String { "\(baseline) → \(candidate)" }
    }

    static let pairs: [Pair] = [
        Pair(baseline: "Cizzuk__CSE__cloudkit-development__9c26b3e8.ckdb",
             candidate: "Cizzuk__CSE__cloudkit-development__4575d4e5.ckdb",
             expected: "add_field:2; breaking:0 warning:0 safe:2"),
        Pair(baseline: "Cizzuk__CSE__cloudkit-development__4575d4e5.ckdb",
             candidate: "Cizzuk__CSE__cloudkit-development.ckdb",
             expected: "add_field:2; breaking:0 warning:0 safe:2"),
        Pair(baseline: "Kauhik__Visual-Tracker-App__cloudkit-schema.ckdb",
             candidate: "Kauhik__Visual-Tracker-App__cloudkit-schema__59dfa2bf.ckdb",
             expected: "add_index:8; breaking:0 warning:0 safe:8"),
        // "remove invalid sortable flags from CloudKit recordName metadata": SORTABLE off ___recordID in 6 types.
        Pair(baseline: "SamuelPicasse__FitPinky__cloudkit-development__a99b10a0.ckdb",
             candidate: "SamuelPicasse__FitPinky__cloudkit-development.ckdb",
             expected: "delete_index:6; breaking:0 warning:6 safe:0; index_no_delete"),
        Pair(baseline: "alexanderchopan__casberi__docs_cloudkit-schema__7c68f569.ckdb",
             candidate: "alexanderchopan__casberi__docs_cloudkit-schema__b7caf12f.ckdb",
             expected: "add_field:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "alexanderchopan__casberi__docs_cloudkit-schema__b7caf12f.ckdb",
             candidate: "alexanderchopan__casberi__docs_cloudkit-schema.ckdb",
             expected: "add_field:2; breaking:0 warning:0 safe:2"),
        // An invalid first draft (no DEFINE SCHEMA, pseudo fields): what could be read is compared.
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema__90d9c2d2.ckdb",
             candidate: "brightdigit__MistKit__Examples_Bushel_schema__5f66cff3.ckdb",
             expected: "delete_field:3; breaking:3 warning:0 safe:0; baseline errors:4; field_no_delete"),
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema__5f66cff3.ckdb",
             candidate: "brightdigit__MistKit__Examples_Bushel_schema__e90e3040.ckdb",
             expected: "no changes; breaking:0 warning:0 safe:0; candidate errors:3"),
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema__e90e3040.ckdb",
             candidate: "brightdigit__MistKit__Examples_Bushel_schema__c41cc13c.ckdb",
             expected: "add_grant:3 modify_grant:3; breaking:0 warning:0 safe:6; baseline errors:3"),
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema__c41cc13c.ckdb",
             candidate: "brightdigit__MistKit__Examples_Bushel_schema__d0ab58d5.ckdb",
             expected: "add_record_type:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema__d0ab58d5.ckdb",
             candidate: "brightdigit__MistKit__Examples_Bushel_schema.ckdb",
             expected: "add_index:4; breaking:0 warning:0 safe:4"),
        Pair(baseline: "brightdigit__MistKit__Examples_Celestra_schema__692d11a0.ckdb",
             candidate: "brightdigit__MistKit__Examples_Celestra_schema__a18403fa.ckdb",
             expected: "add_field:3 add_index:7 delete_field:2; breaking:2 warning:0 safe:10; baseline errors:3; field_no_delete"),
        // PublicArticle → Article and PublicFeed → Feed: two renames, each a breaking delete plus an add.
        Pair(baseline: "brightdigit__MistKit__Examples_Celestra_schema__a18403fa.ckdb",
             candidate: "brightdigit__MistKit__Examples_Celestra_schema__bd148c92.ckdb",
             expected: "add_record_type:2 delete_record_type:2; breaking:2 warning:0 safe:2; record_type_no_delete"),
        Pair(baseline: "brightdigit__MistKit__Examples_Celestra_schema__bd148c92.ckdb",
             candidate: "brightdigit__MistKit__Examples_Celestra_schema__b26e98b8.ckdb",
             expected: "add_field:1 add_grant:2 delete_field:1 modify_grant:2; breaking:1 warning:0 safe:5; field_no_delete"),
        Pair(baseline: "brightdigit__MistKit__Examples_Celestra_schema__b26e98b8.ckdb",
             candidate: "brightdigit__MistKit__Examples_Celestra_schema__7f7491e0.ckdb",
             expected: "add_index:3; breaking:0 warning:0 safe:3"),
        Pair(baseline: "brightdigit__MistKit__Examples_Celestra_schema__7f7491e0.ckdb",
             candidate: "brightdigit__MistKit__Examples_Celestra_schema__638642e7.ckdb",
             expected: "add_field:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "brightdigit__MistKit__Examples_MistDemo_schema__33016513.ckdb",
             candidate: "brightdigit__MistKit__Examples_MistDemo_schema.ckdb",
             expected: "add_record_type:1 delete_record_type:1; breaking:1 warning:0 safe:1; record_type_no_delete"),
        Pair(baseline: "brightdigit__MistKit__Examples_MistDemo_schema.ckdb",
             candidate: "brightdigit__MistKit__Examples_MistDemo_schema__99d32854.ckdb",
             expected: "modify_grant:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "brightdigit__MistKit__Examples_MistDemo_schema__99d32854.ckdb",
             candidate: "brightdigit__MistKit__Examples_MistDemo_schema__e8a3a19f.ckdb",
             expected: "delete_grant:1; breaking:0 warning:1 safe:0; grant_no_delete"),
        Pair(baseline: "frasergraham__Hexfall__cloudkit_schema__a8b005d8.ckdb",
             candidate: "frasergraham__Hexfall__cloudkit_schema.ckdb",
             expected: "add_field:3; breaking:0 warning:0 safe:3"),
        Pair(baseline: "ivan-wize__Plenty__Plenty_CloudKitSchema_CloudKitSchema__74d93b60.ckdb",
             candidate: "ivan-wize__Plenty__Plenty_CloudKitSchema_CloudKitSchema.ckdb",
             expected: "add_field:9 delete_field:5; breaking:5 warning:0 safe:9; field_no_delete"),
        Pair(baseline: "leepokai__Codync__CloudKit_schema__1e24bd82.ckdb",
             candidate: "leepokai__Codync__CloudKit_schema.ckdb",
             expected: "add_field:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "frasergraham__HexRain__cloudkit_schema.ckdb",
             candidate: "frasergraham__Hexfall__cloudkit_schema__a8b005d8.ckdb",
             expected: "add_record_type:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "brightdigit__MistKit__Examples_Bushel_schema.ckdb",
             candidate: "brightdigit__MistKit__Examples_BushelCloud_schema.ckdb",
             expected: "add_field:1; breaking:0 warning:0 safe:1"),
        Pair(baseline: "WWDCScholars__cloudkit-schema__schema-production.ckdb",
             candidate: "WWDCScholars__cloudkit-schema__schema-development.ckdb",
             expected: "no changes; breaking:0 warning:0 safe:0", baselineEnvironment: .production),
    ]

    /// Pairs the manifest does not spell as "history vN/M" of one path.
    static let continuations: [(baseline: String, candidate: String)] = [
        // "identical to first version of frasergraham/Hexfall cloudkit/schema.ckdb": Hexfall v1.
        ("frasergraham__HexRain__cloudkit_schema.ckdb", "frasergraham__Hexfall__cloudkit_schema__a8b005d8.ckdb"),
        // Bushel v6/6 was renamed to BushelCloud (v1/2 is an identical copy, not in the corpus).
        ("brightdigit__MistKit__Examples_Bushel_schema.ckdb", "brightdigit__MistKit__Examples_BushelCloud_schema.ckdb"),
        // The only real development/production pair.
        ("WWDCScholars__cloudkit-schema__schema-production.ckdb", "WWDCScholars__cloudkit-schema__schema-development.ckdb"),
    ]

    @Test(.sharedCorpus("ckdb")) func tableCoversEveryConsecutivePairOfTheManifest() throws {
        let folder = try SharedCorpus.require("ckdb")
        let found = try Self.consecutivePairs(in: folder) + Self.continuations.map { [$0.baseline, $0.candidate] }
        let listed = Self.pairs.map { [$0.baseline, $0.candidate] }
        #expect(listed == found, "the corpus histories changed: update the table")
    }

    @Test(.sharedCorpus("ckdb"), arguments: pairs)
    func historyGivesTheExpectedChanges(_ pair: Pair) throws {
        let folder = try SharedCorpus.require("ckdb")
        let baseline = try Self.load(pair.baseline, in: folder), candidate = try Self.load(pair.candidate, in: folder)
        let changes = SchemaDiffer.diff(baseline: baseline, candidate: candidate)
        let classified = BreakingChecker(baselineEnvironment: pair.baselineEnvironment).classify(changes)
        #expect(Self.summary(classified, baseline: baseline, candidate: candidate) == pair.expected)
        // Every change is located on at least one side, and every finding in the candidate when it can be.
        for change in classified.changes {
            #expect(change.change.baselineLocation != nil || change.change.candidateLocation != nil,
                    "\(change.change.description) has no location")
        }
    }

    /// `kind:count …; classification:count …` plus the parse errors of a side that has any.
    static func summary(_ classified: ClassifiedChangeSet, baseline: ParsedSchema, candidate: ParsedSchema) -> String {
        var kinds: [String: Int] = [:]
        for change in classified.changes { kinds[change.change.identifier, default: 0] += 1 }
        var text = kinds.isEmpty ? "no changes" : kinds.keys.sorted().map { "\($0):\(kinds[$0] ?? 0)" }.joined(separator: " ")
        text += "; " + ChangeClassification.allCases.reversed().map { "\($0.rawValue):\(classified.count($0))" }
            .joined(separator: " ")
        let errors = [("baseline", baseline), ("candidate", candidate)]
            .filter { $0.1.hasErrors }.map { "\($0.0) errors:\($0.1.diagnostics.filter { $0.severity == .error }.count)" }
        if !errors.isEmpty { text += "; " + errors.joined(separator: " ") }
        let rules = Set(classified.findings.map(\.id.rawValue)).sorted()
        if !rules.isEmpty { text += "; " + rules.joined(separator: " ") }
        return text
    }

    private static func load(_ name: String, in folder: URL) throws -> ParsedSchema {
        CKDBParser.parse(try SchemaLoader.read(folder.appendingPathComponent(name).path))
    }

    /// Consecutive versions per history in the manifest: rows whose notes say "history vN/M of PATH", grouped
    /// by repository and path, paired vN → vN+1 when both are present, in manifest-sorted order.
    static func consecutivePairs(in folder: URL) throws -> [[String]] {
        var histories: [String: [Int: String]] = [:]
        for row in try SharedCorpus.manifest(in: folder) {
            guard let file = row["file"], let repo = row["repo"], let notes = row["notes"],
                  let match = notes.firstMatch(of: /history v(\d+)\/\d+ of ([^ ;()]+)/),
                  let version = Int(match.1) else { continue }
            histories["\(repo) \(match.2)", default: [:]][version] = file
        }
        var pairs: [[String]] = []
        for key in histories.keys.sorted() {
            let versions = histories[key] ?? [:]
            for version in versions.keys.sorted() {
                if let old = versions[version], let new = versions[version + 1] { pairs.append([old, new]) }
            }
        }
        return pairs
    }
}
