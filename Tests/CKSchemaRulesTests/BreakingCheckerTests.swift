import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaRules
import Testing

/// Classification of whole change sets: the worst finding decides, configuration and the baseline's
/// environment change what is reported, and every finding carries both sides' positions.
@Suite struct BreakingCheckerTests {
    private static func classify(_ baseline: String, _ candidate: String, settings: DiffSettings = DiffSettings(),
                                 environment: CloudKitEnvironment? = nil) -> ClassifiedChangeSet {
        let changes = SchemaDiffer.diff(baseline: SchemaLoader.parse(baseline, path: "prod.yaml", language: .yaml),
                                        candidate: SchemaLoader.parse(candidate, path: "dev.yaml", language: .yaml))
        return BreakingChecker(settings: settings, baselineEnvironment: environment).classify(changes)
    }

    static let baseline = """
        roles: [Moderator]
        recordTypes:
          Post:
            fields: { title: { type: string, indexes: [queryable] }, body: string, score: int64 }
            grants: { _world: [read], Moderator: [write] }
        """

    @Test func additionsAreSafeAndDeployable() {
        let candidate = """
            roles: [Moderator, Editor]
            recordTypes:
              Post:
                fields: { title: { type: string, indexes: [queryable, sortable] }, body: string, score: int64, tags: list<string> }
                grants: { _world: [read], Moderator: [write, read], Editor: [write] }
              Draft: { fields: { title: string } }
            """
        let result = Self.classify(Self.baseline, candidate)
        #expect(result.changes.count == 6)
        #expect(result.changes.allSatisfy { $0.classification == .safe && $0.findings.isEmpty })
        #expect(result.isDeployable)
    }

    @Test func aDeletedProductionFieldSuggestsDeprecatingIt() throws {
        let candidate = """
            roles: [Moderator]
            recordTypes:
              Post:
                fields: { title: { type: string, indexes: [queryable] }, score: int64 }
                grants: { _world: [read], Moderator: [write] }
            """
        let result = Self.classify(Self.baseline, candidate)
        let finding = try #require(result.changes.flatMap(\.findings).first { $0.id == "field_no_delete" })
        #expect(finding.message.contains("mark it 'deprecated: \"reason\"' instead"))
    }

    @Test func worstFindingClassifiesEachChange() {
        let candidate = """
            recordTypes:
              Post:
                fields: { title: string, body: { type: string, encrypted: true }, score: list<int64> }
                grants: { _world: [read] }
            """
        let result = Self.classify(Self.baseline, candidate)
        let byChange = Dictionary(uniqueKeysWithValues: result.changes.map {
            ($0.change.description, ([$0.classification.rawValue] + $0.findings.map(\.id.rawValue)).joined(separator: " "))
        })
        #expect(byChange == [
            "delete role 'Moderator'": "warning role_no_delete",
            "modify field 'body' STRING → ENCRYPTED STRING": "breaking field_same_encryption",
            "modify field 'score' INT64 → LIST<INT64>": "breaking field_same_type",
            "delete index QUERYABLE on 'title'": "warning index_no_delete",
            "delete grant WRITE to 'Moderator'": "warning grant_no_delete",
        ])
        #expect(!result.isDeployable)
        #expect((result.count(.breaking), result.count(.warning), result.count(.safe)) == (2, 3, 0))
    }

    @Test func typeAndEncryptionChangedTogetherGiveTwoFindings() {
        let candidate = Self.baseline.replacing("body: string", with: "body: { type: list<string>, encrypted: true }")
        let result = Self.classify(Self.baseline, candidate)
        #expect(result.changes.map { $0.findings.map(\.id.rawValue) } == [["field_same_type", "field_same_encryption"]])
    }

    @Test(arguments: [Severity.warning, .error])
    func indexRemovalSeverityFollowsTheConfiguration(severity: Severity) {
        let candidate = Self.baseline.replacing("{ type: string, indexes: [queryable] }", with: "string")
        let result = Self.classify(Self.baseline, candidate, settings: DiffSettings(indexRemovalSeverity: severity))
        #expect(result.findings.map(\.severity) == [severity])
        #expect(result.isDeployable == (severity != .error))
    }

    @Test func additionsAgainstProductionAreSafeAndSaidOnce() {
        // The 'not in production yet' warnings are retired: additions are safe, and one sentence says how they
        // reach production.
        let candidate = Self.baseline.replacing("score: int64 }", with: "score: int64, place: location }")
            + "\n  Draft: { fields: { title: string } }\n"
        for environment in [nil, CloudKitEnvironment.production, .development] {
            let result = Self.classify(Self.baseline, candidate, environment: environment)
            #expect(result.findings.isEmpty)
            #expect(result.changes.allSatisfy { $0.classification == .safe })
            #expect(result.additionsNote == "2 additions are safe; additions reach production only through the CloudKit "
                + "Console's \"Deploy Schema Changes\" (which deploys what development holds)")
        }
    }

    @Test func deletionFindingIsAtTheCandidateTypeWithABaselineNote() throws {
        let candidate = Self.baseline.replacing(" body: string,", with: "")
        let finding = try #require(Self.classify(Self.baseline, candidate).findings.first)
        #expect(finding.id == "field_no_delete")
        #expect(finding.location == SourceLocation(file: "dev.yaml", line: 3, column: 3))
        #expect(finding.notes.first == Note("declared here in the baseline", at: SourceLocation(file: "prod.yaml", line: 4, column: 62)))
        #expect(finding.subject == .field("Post", "body"))
    }
}
