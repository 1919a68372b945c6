import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// The migration rules beyond their documented examples: one rule per `MigrationProblem.Kind`, what the
/// messages name, the index check against a production snapshot, and the function the generator calls.
@Suite struct MigrationRulesTests {
    private static func findings(_ yaml: String, production: Schema? = nil) -> [Diagnostic] {
        let parsed = parseYAML(yaml)
        let ids = Set(MigrationProblem.Kind.allCases.map(\.rawValue))
        return Linter().lint(parsed, production: production).filter { ids.contains($0.id.rawValue) }
    }

    @Test func everyProblemKindIsALintRule() {
        for kind in MigrationProblem.Kind.allCases {
            let rule = LintRules.rule(withID: kind.rawValue)
            #expect(rule?.description.category == .migrations, "\(kind)")
            #expect(rule?.description.defaultSeverity == .error, "\(kind)")
        }
    }

    @Test func theGuidesRenameIsClean() {
        #expect(Self.findings("""
            recordTypes:
              JournalEntry:
                fields:
                  isFavorite: bool
                  starred: { type: bool, renamedFrom: isFavorite, dualWrite: true }
            """).isEmpty)
    }

    @Test func aConversionWithoutMeaningNamesBothTypes() throws {
        let findings = Self.findings("""
            recordTypes:
              Entry:
                fields:
                  photo: asset
                  image: { type: bytes, replaces: { field: photo, type: asset } }
            """)
        #expect(findings.map(\.id.rawValue) == ["migration_conversion_exists"])
        let message = try #require(findings.first?.message)
        #expect(message.contains("asset ('photo') into bytes ('image')"), "\(message)")
    }

    @Test func aRenameBetweenTypesSuggestsReplacesOnlyWhenTheyConvert() {
        let convertible = Self.findings("""
            recordTypes: { E: { fields: { stars: int64, rating: { type: string, renamedFrom: stars } } } }
            """)
        #expect(convertible.map(\.id.rawValue) == ["migration_kind_fits_types"])
        #expect(convertible.first?.message.contains("write 'replaces: { field: stars, type: int64 }'") == true)
        let inconvertible = Self.findings("""
            recordTypes: { E: { fields: { photo: asset, image: { type: bytes, renamedFrom: photo } } } }
            """)
        #expect(inconvertible.first?.message.contains("no conversion turns asset values into bytes") == true)
    }

    @Test func lossCountsTheWayBackOnlyUnderDualWrite() {
        let yaml = { (options: String) in
            "recordTypes: { E: { fields: { tag: string, tags: { type: list<string>, "
                + "replaces: { field: tag, type: string }\(options) } } } }"
        }
        #expect(Self.findings(yaml("")).isEmpty)
        #expect(Self.findings(yaml(", dualWrite: true")).map(\.id.rawValue) == ["migration_loss_declared"])
        #expect(Self.findings(yaml(", dualWrite: true, lossy: true")).isEmpty)
        // INT64 → DOUBLE loses beyond 2^53 whatever the direction; a list of doubles from an integer too.
        #expect(Self.findings("""
            recordTypes: { E: { fields: { n: int64, ns: { type: list<double>, replaces: { field: n, type: int64 } } } } }
            """).map(\.id.rawValue) == ["migration_loss_declared"])
        #expect(Self.findings("""
            recordTypes: { E: { fields: { at: timestamp, seconds: { type: double, dualWrite: true,
                                                                    replaces: { field: at, type: timestamp } } } } }
            """).isEmpty)
    }

    @Test func anIndexProductionAlreadyHasIsKeptAndANewOneIsNot() throws {
        let yaml = """
            recordTypes:
              Entry:
                fields:
                  stars: { type: int64, indexes: [queryable, sortable] }
                  rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }
            """
        let production = Schema(recordTypes: [RecordType(name: "Entry", fields: [
            Field(name: "stars", type: .int64, indexes: .queryable),
        ])])
        let findings = Self.findings(yaml, production: production)
        #expect(findings.map(\.id.rawValue) == ["retired_field_not_newly_indexed"])
        #expect(findings.first?.message.contains("sortable index production does not have;") == true,
                "\(findings.map(\.message))")
        #expect(findings.first?.location?.line == 4)
        let unknown = Self.findings(yaml)
        #expect(unknown.count == 2)
        #expect(unknown.allSatisfy { $0.message.contains("there is no production snapshot") })
    }

    @Test func theProductionSnapshotIsReadOnlyForAnIndexedRetiredField() {
        let asked = Locked(0)
        let production = ProductionSchema(loading: { asked.withLock { $0 += 1 }; return nil })
        let parsed = parseYAML("""
            recordTypes: { E: { fields: { a: bool, b: { type: bool, renamedFrom: a }, c: { type: int64, indexes: [queryable] } } } }
            """)
        #expect(Linter().lint(parsed, production: production).filter { $0.severity == .error }.isEmpty)
        #expect(asked.withLock { $0 } == 0)
    }

    @Test func theGeneratorsCheckLocatesProblemsAsLintDoes() throws {
        let marked = MarkedText("""
            recordTypes:
              Entry:
                fields:
                  stars: int64
                  rating: { type: double, ↓replaces: { field: stars, type: int64 } }
            """)
        let parsed = parseYAML(marked)
        let problems = MigrationCheck.problems(in: parsed.schema)
        #expect(problems.map(\.kind) == [.lossDeclared])
        let diagnostic = try #require(problems.first?.diagnostic(in: parsed.sourceMap))
        #expect(diagnostic.id.rawValue == "migration_loss_declared" && diagnostic.severity == .error)
        #expect(diagnostic.location == marked.location(file: "schema.yaml"))
    }

    @Test func aSchemaWithoutMigrationsHasNoProblems() {
        let schema = Schema(recordTypes: [RecordType(name: "E", fields: [
            Field(name: "a", type: .int64, indexes: .queryable, metadata: FieldMetadata(isRequired: true)),
        ])])
        #expect(MigrationCheck.problems(in: schema, production: { Issue.record("production read"); return nil })
                    .isEmpty)
    }
}
