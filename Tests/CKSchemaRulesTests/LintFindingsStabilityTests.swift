import CKSchemaBenchmarkSchemas
import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// Every finding of the whole catalog, pinned in golden files: work on the speed of the parsers, the source
/// map or the rules must leave each finding — rule, place, message, notes — exactly as it was. Covers the
/// 200 × 200 benchmark schemas (all three shapes) with a fault in every fifth record type, in YAML and in
/// `.ckdb`, and every `.ckdb` file of the shared corpus as written and converted to YAML.
///
/// A deliberate change of a rule's findings re-records these with `RECORD_SNAPSHOTS=1`.
@Suite struct LintFindingsStabilityTests {
    @Test func theBenchmarkSchemaWithFaultsKeepsItsFindings() {
        let schema = BenchmarkSchema.injectingFaults(into: BenchmarkSchema.make(recordTypes: 200, fields: 200))
        Self.expectFindingsKept(of: schema, named: "bench", goldenPrefix: "faults-200x200")
    }

    /// The lint benchmark's other shape — every field type, index, list, reference, encrypted field and many
    /// grants — clean as generated, and with the same faults injected.
    @Test func theEveryFeatureSchemaKeepsItsFindings() {
        let clean = EveryFeatureSchema.make(recordTypes: 200, fields: 200)
        Self.expectClean(clean, named: "every")
        Self.expectFindingsKept(of: BenchmarkSchema.injectingFaults(into: clean), named: "every",
                                goldenPrefix: "faults-every-feature")
    }

    /// The third shape — types, index options, long names and grants drawn from a seed — clean as generated,
    /// and with the same faults injected.
    @Test func theRandomShapeSchemaKeepsItsFindings() {
        let clean = RandomShapeSchema.make(recordTypes: 200, fields: 200)
        Self.expectClean(clean, named: "random")
        Self.expectFindingsKept(of: BenchmarkSchema.injectingFaults(into: clean), named: "random",
                                goldenPrefix: "faults-random-shape")
    }

    /// The seed decides the schema: the same seed draws it again, another draws another.
    @Test func theRandomShapeSchemaRepeatsForItsSeed() {
        let schema = RandomShapeSchema.make(recordTypes: 20, fields: 20)
        #expect(schema == RandomShapeSchema.make(recordTypes: 20, fields: 20))
        #expect(schema != RandomShapeSchema.make(recordTypes: 20, fields: 20, seed: RandomShapeSchema.defaultSeed + 1))
    }

    /// `schema`, printed as `<name>.yaml` and `<name>.ckdb`, reads without errors and lints without findings.
    private static func expectClean(_ schema: Schema, named name: String,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let yaml = YAMLSchemaParser.parse([SourceFile(path: "\(name).yaml", text: YAMLPrinter.print(schema))])
        let ckdb = CKDBParser.parse(SourceFile(path: "\(name).ckdb", text: CKDBPrinter.print(schema)))
        #expect(!yaml.hasErrors && !ckdb.hasErrors, sourceLocation: sourceLocation)
        #expect(Linter().lint(yaml).isEmpty && Linter().lint(ckdb).isEmpty, sourceLocation: sourceLocation)
    }

    /// Lints `schema` printed as `<name>.yaml` and `<name>.ckdb` and compares the findings with the golden
    /// files `<goldenPrefix>-yaml.txt` and `<goldenPrefix>-ckdb.txt`.
    private static func expectFindingsKept(of schema: Schema, named name: String, goldenPrefix: String,
                                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let yaml = YAMLSchemaParser.parse([SourceFile(path: "\(name).yaml", text: YAMLPrinter.print(schema))])
        let ckdb = CKDBParser.parse(SourceFile(path: "\(name).ckdb", text: CKDBPrinter.print(schema)))
        let yamlFindings = Linter().lint(yaml), ckdbFindings = Linter().lint(ckdb)
        // Every kind of fault is found in both languages, so the golden files cover each reporting path.
        #expect(Set(yamlFindings.map(\.id)).count >= 15, "only \(Set(yamlFindings.map(\.id)))",
                sourceLocation: sourceLocation)
        #expect(Set(ckdbFindings.map(\.id)).count >= 12, "only \(Set(ckdbFindings.map(\.id)))",
                sourceLocation: sourceLocation)
        assertSnapshot(render(yamlFindings), named: "\(goldenPrefix)-yaml.txt", sourceLocation: sourceLocation)
        assertSnapshot(render(ckdbFindings), named: "\(goldenPrefix)-ckdb.txt", sourceLocation: sourceLocation)
    }

    @Test(.sharedCorpus("ckdb"))
    func theCorpusKeepsItsFindings() throws {
        let folder = try SharedCorpus.require("ckdb")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".ckdb") }.sorted()
        #expect(names.count >= 90)
        var lines: [String] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let parsed = CKDBParser.parse(SourceFile(path: name, text: text))
            lines.append(Self.render(Linter().lint(parsed)))
            guard !parsed.hasErrors else { continue }
            let yamlPath = name.replacingOccurrences(of: ".ckdb", with: ".yaml")
            let yaml = YAMLSchemaParser.parse([SourceFile(path: yamlPath, text: YAMLPrinter.print(parsed.schema))])
            lines.append(Self.render(Linter().lint(yaml)))
        }
        assertSnapshot(lines.filter { !$0.isEmpty }.joined(), named: "corpus-findings.txt")
    }

    /// One line per finding and per note, compiler style, with the rule and the subject.
    private static func render(_ findings: [Diagnostic]) -> String {
        var text = ""
        for finding in findings {
            text += "\(place(finding.location)): \(finding.severity) [\(finding.id.rawValue)] "
                + "\(finding.subject.map { "{\($0)} " } ?? "")\(finding.message)\n"
            for note in finding.notes {
                text += "    \(place(note.location)): note: \(note.message)\n"
            }
        }
        return text
    }

    private static func place(_ location: CKSchemaCore.SourceLocation?) -> String {
        location.map { "\($0.file):\($0.line):\($0.column)" } ?? "-"
    }
}
