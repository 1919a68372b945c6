import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// Precision and recall of the analysis against hand-checked lists: the CloudJournal app of the shared
/// corpus (its MANIFEST lists, per file, the record types, keys, queries and sorts each file touches), and
/// this target's own evaluation fixtures (`Fixtures/Evaluation/expected.tsv`, one line per use).
@Suite struct CorpusEvaluationTests {
    private static let corpus = SharedCorpus.root.appendingPathComponent("swift")

    @Test(.sharedCorpus("swift/cloudjournal"))
    func cloudJournalAgainstItsManifest() throws {
        let manifest = try SharedCorpus.manifest(in: Self.corpus)
        var expected: Set<String> = []
        for row in manifest {
            guard let file = row["file"], file.hasPrefix("cloudjournal/"), let what = row["what"],
                  let usages = what.components(separatedBy: "| usages:").dropFirst().first else { continue }
            expected.formUnion(Self.manifestUses(usages).map { "\(file) \($0)" })
        }
        let analysis = try CodeAnalyzer.analyze(paths: [Self.corpus.appendingPathComponent("cloudjournal").path])
        let prefix = Self.corpus.path + "/"
        let found = Set(analysis.usages.compactMap { usage -> String? in
            guard let use = Self.manifestVocabulary(usage) else { return nil }
            return "\(usage.location.file.replacingOccurrences(of: prefix, with: "")) \(use)"
        })
        let score = Score(expected: expected, found: found, label: "CloudJournal (MANIFEST)")
        #expect(score.falsePositives.isEmpty, "\(score.falsePositives.sorted())")
        // The two misses are reads of `record.modificationDate`: a CKRecord property, not a key.
        #expect(score.misses == ["cloudjournal/SyncableCategory+LastKnownRecord.swift Category r:___modTime",
                                 "cloudjournal/SyncableEntry.swift JournalEntry r:___modTime"])
    }

    @Test func evaluationFixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Evaluation")
        let lines = try String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        let expected = Set(lines.map { $0.replacingOccurrences(of: "\t", with: " ") })
        let analysis = try CodeAnalyzer.analyze(paths: [folder.path])
        let found = Set(analysis.usages.map { usage in
            "\((usage.location.file as NSString).lastPathComponent):\(usage.location.line) \(usage.listing)"
        })
        let score = Score(expected: expected, found: found, label: "evaluation fixtures")
        #expect(score.falsePositives.isEmpty, "\(score.falsePositives.sorted())")
        // Every use, the record bound by `case .success(let record)` in a `recordMatchedBlock` included.
        #expect(score.misses.isEmpty, "\(score.misses.sorted())")
    }

    /// Precision and recall of `found` against `expected`, printed for the report.
    private struct Score {
        let falsePositives: Set<String>
        let misses: Set<String>

        init(expected: Set<String>, found: Set<String>, label: String) {
            falsePositives = found.subtracting(expected)
            misses = expected.subtracting(found)
            let hits = Double(found.intersection(expected).count)
            let precision = found.isEmpty ? 1 : hits / Double(found.count)
            let recall = expected.isEmpty ? 1 : hits / Double(expected.count)
            print("check-code evaluation, \(label): \(expected.count) expected, \(found.count) found, "
                  + "precision \(String(format: "%.3f", precision)), recall \(String(format: "%.3f", recall))")
        }
    }

    /// `JournalEntry {r:title,body; w:title; create; query_all}` → `JournalEntry r:title`, … .
    private static func manifestUses(_ text: String) -> [String] {
        var uses: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let type = rest[..<open].split(separator: " ").last.map(String.init) ?? ""
            for item in rest[rest.index(after: open)..<close].split(separator: ";") {
                let parts = item.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
                if parts.count == 2 {
                    uses += parts[1].split(separator: ",").map { "\(type) \(parts[0]):\($0.trimmingCharacters(in: .whitespaces))" }
                } else if let kind = parts.first {
                    uses.append("\(type) \(kind)")
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        return uses
    }

    /// A use in the MANIFEST's vocabulary (`r`, `w`, `eq`, `range`, `sort`, `desiredKeys`, `contains:self`,
    /// `create`, `query_all`); plain `query`, `modifyFetched` and `queryWithoutAccountCheck` uses have no
    /// counterpart there.
    private static func manifestVocabulary(_ usage: CodeUsage) -> String? {
        let type = usage.recordType ?? "?"
        var field = ""
        if case .field(let name)? = usage.key { field = name }
        switch usage.kind {
        case .createRecord: return "\(type) create"
        case .matchAll: return "\(type) query_all"
        case .query, .modifyFetched, .queryWithoutAccountCheck: return nil
        case .search: return "\(type) contains:self"
        case .read: return "\(type) r:\(field)"
        case .write: return "\(type) w:\(field)"
        case .desiredKey: return "\(type) desiredKeys:\(field)"
        case .sort, .locationSort: return "\(type) sort:\(field)"
        case .filter(.range): return "\(type) range:\(field)"
        case .filter: return "\(type) eq:\(field)"
        }
    }
}
