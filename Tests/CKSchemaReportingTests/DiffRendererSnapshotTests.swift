import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaReporting
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// One snapshot per `ckschema diff` format, over a diff with every kind of change and classification:
/// breaking, warning and safe changes, a rename hint, a role change, a system-field index, and a name with a
/// character Markdown must escape.
@Suite struct DiffRendererSnapshotTests {
    static let baseline = """
        DEFINE SCHEMA
            CREATE ROLE Editor;
            RECORD TYPE Draft (title STRING);
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                body STRING,
                count INT64,
                score NUMBER,
                title STRING QUERYABLE SEARCHABLE,
                GRANT READ TO "_world",
                GRANT READ, WRITE TO Editor
            );
        """

    static let candidate = """
        roles: [Moderator]
        recordTypes:
          Note:
            fields:
              text: string
              count: list<int64>
              score: { type: number, preferredAs: int64 }
              title: { type: string, indexes: [queryable, sortable] }
              "a|b": { type: string, encrypted: true }
            grants: { _world: [read], Editor: [read], Moderator: [write] }
        """

    static func report(environment: CloudKitEnvironment? = .production) -> DiffReport {
        let baseline = SchemaLoader.parse(Self.baseline, path: "environments/production.ckdb", language: .ckdb)
        let candidate = SchemaLoader.parse(Self.candidate, path: "schemas/Note.yaml", language: .yaml)
        let changes = SchemaDiffer.diff(baseline: baseline, candidate: candidate)
        return DiffReport(
            baseline: DiffSource(name: "production", paths: ["environments/production.ckdb"]),
            candidate: DiffSource(name: "schemas", paths: ["schemas/Note.yaml"]),
            changes: BreakingChecker(baselineEnvironment: environment).classify(changes))
    }

    @Test(arguments: DiffFormat.allCases)
    func formatMatchesSnapshot(_ format: DiffFormat) {
        let ext = format == .markdown ? "md" : format.rawValue
        assertSnapshot(format.render(Self.report()), named: "diff.\(ext)")
    }

    @Test func everyClassificationIsInTheFixture() {
        let changes = Self.report().changes
        #expect(ChangeClassification.allCases.allSatisfy { changes.count($0) > 0 })
        #expect(Set(changes.changes.map(\.change.element)) == Set(ChangeElement.allCases).subtracting([.systemField]))
    }

    @Test func noChangesInEachFormat() {
        let same = SchemaLoader.parse(Self.baseline, path: "a.ckdb", language: .ckdb)
        let report = DiffReport(baseline: DiffSource(name: "a.ckdb", paths: ["a.ckdb"]),
                                candidate: DiffSource(name: "b", paths: ["b/1.yaml", "b/2.yaml"]),
                                changes: BreakingChecker().classify(SchemaDiffer.diff(baseline: same, candidate: same)))
        #expect(DiffFormat.text.render(report) == "baseline:  a.ckdb\ncandidate: b (2 files)\n\nno changes\n")
        #expect(DiffFormat.github.render(report) == "")
        #expect(DiffFormat.markdown.render(report).hasSuffix("No changes: the candidate is the same schema as the baseline.\n"))
        #expect(DiffFormat.json.render(report).contains("\"changes\" : [\n\n  ],\n  \"deployable\" : true,"))
    }
}
