import CKSchemaCore
@testable import CKSchemaFuzzing
import CKSchemaValidation
import CKSchemaTestSupport
import Foundation
import Testing

/// The fuzzing support: dictionaries read as libFuzzer reads them, mutations that replay from a seed, and a
/// short deterministic fuzz run over the repository's seed corpus that must find nothing.
@Suite struct FuzzingTests {
    @Test func dictionariesReadLikeLibFuzzer() {
        let text = """
            # a comment
            "plain"
            named="with \\"quotes\\" and \\\\"
            "\\x0a    "
            not a token
            """
        #expect(FuzzDictionary.tokens(in: text) == [Array("plain".utf8), Array("with \"quotes\" and \\".utf8),
                                                    Array("\n    ".utf8)])
    }

    @Test func shippedDictionariesHaveTokens() throws {
        for language in ["yaml", "ckdb", "records"] {
            let url = SharedCorpus.repositoryRoot.appendingPathComponent("Fuzz/\(language).dict")
            #expect(FuzzDictionary.tokens(in: try String(contentsOf: url, encoding: .utf8)).count > 20)
        }
    }

    @Test func mutationsReplayFromTheirSeed() {
        let input = Array("recordTypes:\n  A:\n    fields: { a: string }\n".utf8)
        func run(_ seed: UInt64) -> [[UInt8]] {
            var mutator = FuzzMutator(seed: seed, tokens: [Array("GRANT".utf8)])
            return (0..<50).map { _ in mutator.mutate(input, splicingWith: input) }
        }
        #expect(run(7) == run(7))
        #expect(run(7) != run(8))
        #expect(run(7).allSatisfy { $0.count <= FuzzMutator.maximumLength })
    }

    @Test func theOracleAcceptsTheSeedsAndCatchesUnstablePrinting() {
        let oracle = FuzzOracle(language: .ckdb)
        let valid = oracle.check(Array("DEFINE SCHEMA\n    RECORD TYPE A (a STRING QUERYABLE);\n".utf8))
        #expect(valid.failures.isEmpty)
        #expect(valid.diagnosticIDs.contains("record_id_queryable"))
        let broken = oracle.check(Array("RECORD TYPE".utf8))
        #expect(broken.failures.isEmpty && broken.diagnosticIDs.contains("ckdb_syntax"))
    }

    @Test(arguments: [SchemaLanguage.yaml, .ckdb])
    func aShortFuzzRunOverTheSeedCorpusFindsNothing(language: SchemaLanguage) throws {
        let folder = SharedCorpus.repositoryRoot.appendingPathComponent("Fuzz/\(language.rawValue)")
        let seeds = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }.map { Array(try Data(contentsOf: $0)) }
        #expect(seeds.count >= 5)
        let dictionary = try String(contentsOf: folder.appendingPathExtension("dict"), encoding: .utf8)
        var fuzzer = DeterministicFuzzer(language: language, seeds: seeds, tokens: FuzzDictionary.tokens(in: dictionary),
                                         seed: 42)
        let report = fuzzer.run(maximumExecutions: 400, maximumSeconds: 600)
        #expect(report.executions == 400)
        #expect(report.failures.isEmpty, "\(report.failures.first?.reasons ?? [])")
    }

    /// The seeds of the record reader reach every record check, so that fuzzing starts from every path.
    @Test func theRecordSeedsReachEveryRecordCheck() throws {
        let oracle = RecordFuzzOracle()
        var reached: Set<String> = []
        for seed in try Self.seeds("records") {
            let outcome = oracle.check(seed)
            #expect(outcome.failures.isEmpty, "\(outcome.failures)")
            reached.formUnion(outcome.diagnosticIDs)
        }
        let all = Set(RecordRules.all.map(\.id.rawValue))
        #expect(all.subtracting(reached).isEmpty, "not reached by Fuzz/records: \(all.subtracting(reached).sorted())")
    }

    @Test func theRecordOracleCatchesABrokenInvariant() {
        let findings = ValidationResult(diagnostics: [Diagnostic(id: "made_up", severity: .error, message: "",
                                                                 location: SourceLocation(file: "fuzz.json", line: 9, column: 1))],
                                        recordCount: 0, invalidRecordCount: 1)
        let failures = RecordFuzzOracle.failures(of: findings, document: Array("{}".utf8), name: "fuzz.json")
        #expect(failures.count == 4, "\(failures)")
    }

    @Test func aShortFuzzRunOfTheRecordReaderFindsNothing() throws {
        let dictionary = try String(contentsOf: SharedCorpus.repositoryRoot.appendingPathComponent("Fuzz/records.dict"),
                                    encoding: .utf8)
        var fuzzer = DeterministicFuzzer(target: RecordFuzzOracle(), seeds: try Self.seeds("records"),
                                         tokens: FuzzDictionary.tokens(in: dictionary), seed: 42)
        let report = fuzzer.run(maximumExecutions: 400, maximumSeconds: 600)
        #expect(report.executions == 400)
        #expect(report.failures.isEmpty, "\(report.failures.first?.reasons ?? [])")
    }

    /// The seed corpus of `reader` (`Fuzz/<reader>/`).
    private static func seeds(_ reader: String) throws -> [[UInt8]] {
        let folder = SharedCorpus.repositoryRoot.appendingPathComponent("Fuzz/\(reader)")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }.map { Array(try Data(contentsOf: $0)) }
    }
}
