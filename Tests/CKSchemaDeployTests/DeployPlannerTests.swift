@testable import CKSchemaDeploy
import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// Planning: which comparison makes the plan, which makes the gate, and how development-only changes are
/// classified.
@Suite struct DeployPlannerTests {
    static let production = """
        DEFINE SCHEMA
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                title STRING QUERYABLE
            );
        """

    /// Development holds a field production lacks (`draft`).
    static let development = """
        DEFINE SCHEMA
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                draft STRING,
                title STRING QUERYABLE
            );
        """

    private func snapshot(_ environment: CloudKitEnvironment, _ text: String?) -> EnvironmentSnapshot {
        EnvironmentSnapshot(environment: environment, path: "environments/\(environment.rawValue).ckdb",
                            contents: text.map { Data($0.utf8) })
    }

    private func project(_ yaml: String) -> ParsedSchema {
        parseYAML(yaml, path: "schemas/Note.yaml")
    }

    private let context = DeployPlanner.Context(backend: .directory, container: nil,
                                                schema: SchemaReference(name: "schemas", paths: ["schemas/Note.yaml"]),
                                                createdAt: "2025-01-01T00:00:00Z", createdBy: "ckschema test")

    /// A plan of `yaml` to `environment`. A production plan's development holds the project schema unless told
    /// otherwise (production only receives what development holds); `nil` is a snapshot that does not exist.
    private func plan(_ environment: CloudKitEnvironment, yaml: String, development: String? = Self.development,
                      production: String? = Self.production) throws -> DeployPlan {
        let project = project(yaml)
        let development = environment == .production && development == Self.development
            ? CKDBPrinter.print(project.schema) : development
        let target = environment == .production ? snapshot(.production, production) : snapshot(.development, development)
        return try DeployPlanner().plan(project: project, target: target,
                                        production: snapshot(.production, production),
                                        development: snapshot(.development, development), context: context)
    }

    @Test func aProductionPlanIsItsOwnGate() throws {
        let plan = try plan(.production, yaml: """
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] }, body: string }
                systemFields: { recordID: [queryable] }
            """, development: Self.development.replacing("draft STRING", with: "body STRING"))
        #expect(plan.changes.map(\.kind) == ["add_field"])
        #expect(plan.changes[0].findings.isEmpty, "an addition is safe")
        #expect(plan.changes[0].classification == .safe)
        #expect(plan.changes[0].location?.description == "schemas/Note.yaml:3:62")
        #expect(plan.gate.summary == plan.summary)
        #expect(plan.deployable)
        #expect(plan.base == plan.production)
        #expect(plan.base.sha256 == SHA256.hexDigest(of: Self.production.utf8))
        #expect(plan.ckdb == CKDBPrinter.print(project("""
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] }, body: string }
                systemFields: { recordID: [queryable] }
            """).schema))
        #expect(plan.ckdbSHA256 == SHA256.hexDigest(of: plan.ckdb.utf8))
    }

    @Test func aDevelopmentPlanListsDevelopmentChangesWithoutNeedsDeployWarnings() throws {
        let plan = try plan(.development, yaml: """
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] }, draft: string, body: string }
                systemFields: { recordID: [queryable] }
            """)
        #expect(plan.changes.map(\.subject) == ["Note.body"])
        #expect(plan.changes[0].classification == .safe, "no 'not in production yet' warning for development")
        #expect(plan.gate.summary.changes == 2, "production lacks 'draft' and 'body'")
        #expect(plan.gate.breaking.isEmpty)
        #expect(plan.deployable)
        #expect(plan.base.sha256 == SHA256.hexDigest(of: Self.development.utf8))
        #expect(plan.production.sha256 == SHA256.hexDigest(of: Self.production.utf8))
    }

    @Test func deletingAFieldOnlyDevelopmentHoldsIsLoweredToAWarning() throws {
        let plan = try plan(.development, yaml: """
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] } }
                systemFields: { recordID: [queryable] }
            """)
        let change = try #require(plan.changes.first)
        #expect(change.kind == "delete_field")
        #expect(change.classification == .warning)
        #expect(change.findings.map(\.id) == ["field_no_delete"])
        #expect(change.findings[0].severity == .warning)
        #expect(change.findings[0].message == "field 'draft' of record type 'Note' is deleted; production does not have "
            + "it, so CloudKit allows this, and the data development holds for it is lost")
        #expect(!DeployPlanText.render(plan).contains("CloudKit refuses"), "no false sentence, no contradicting note")
        #expect(plan.deployable)
    }

    @Test func deletingAFieldProductionHoldsIsRefusedEvenForDevelopment() throws {
        let plan = try plan(.development, yaml: """
            recordTypes:
              Note:
                fields: { draft: string }
                systemFields: { recordID: [queryable] }
            """)
        let title = try #require(plan.changes.first { $0.subject == "Note.title" })
        #expect(title.classification == .breaking)
        #expect(plan.gate.breaking.map(\.subject) == ["Note.title"])
        #expect(!plan.gate.deployable)
        #expect(!plan.deployable)
    }

    @Test func aSchemaDevelopmentAlreadyHoldsIsStillGatedByProduction() throws {
        // Development was changed by hand to drop 'title'; the project agrees. Nothing changes in development,
        // but production would refuse the schema, so the plan is not deployable.
        let development = """
            DEFINE SCHEMA
                RECORD TYPE Note (
                    "___recordID" REFERENCE QUERYABLE,
                    draft STRING
                );
            """
        let plan = try plan(.development, yaml: """
            recordTypes:
              Note:
                fields: { draft: string }
                systemFields: { recordID: [queryable] }
            """, development: development)
        #expect(plan.isEmpty)
        #expect(plan.gate.breaking.map(\.kind) == ["delete_field"])
        #expect(!plan.deployable)
        #expect(DeployPlanText.render(plan).contains("""
            production gate: refused (production would refuse 1 breaking change of this schema:)
              breaking  - field 'title' STRING in 'Note'
            """))
    }

    @Test func environmentsNeverDeployedHoldTheEmptySchema() throws {
        let plan = try plan(.production, yaml: "recordTypes:\n  Note:\n    fields: { title: string }\n",
                            development: "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n", production: nil)
        #expect(plan.base.sha256 == nil)
        #expect(plan.changes.map(\.kind) == ["add_record_type"])
        #expect(DeployPlanText.render(plan).contains("base:   environments/production.ckdb (no file yet: never deployed)"))
    }

    @Test func productionNeverGetsAheadOfDevelopment() throws {
        // Development lacks 'body': the Console could never deploy it to production.
        #expect(throws: DeployFailure.refused("development does not hold this schema ('environments/development.ckdb' → "
            + "the schema: + field 'body' STRING in 'Note'), and production only receives what development holds; "
            + "deploy to development first")) {
            try plan(.production, yaml: "recordTypes:\n  Note:\n    fields: { title: string, draft: string, body: string }\n",
                     development: Self.development.replacing("draft STRING,", with: "draft STRING, x INT64,"))
        }
        // Development holding more than the schema (a field the app created just in time) is fine.
        let held = try plan(.production, yaml: "recordTypes:\n  Note:\n    fields: { title: { type: string, indexes: [queryable] } }\n"
            + "    systemFields: { recordID: [queryable] }\n",
                            development: Self.development.replacing("draft STRING,", with: "draft STRING, weather STRING,"))
        #expect(held.isEmpty)
    }

    @Test func anInvalidSnapshotStopsPlanning() throws {
        #expect(throws: DeployFailure.invalidSchema("the production snapshot 'environments/production.ckdb' is not a "
            + "valid schema", ParsedSchema(schema: Schema(), sourceMap: SourceMap(), diagnostics: [], sources: [],
                                            language: .ckdb))) {
            try plan(.production, yaml: "recordTypes:\n  Note:\n    fields: { title: string }\n",
                     production: "DEFINE SCHEMA\n    RECORD TYPE (\n")
        }
    }

    @Test func aPlanSurvivesItsFileExactly() throws {
        let plan = try plan(.production, yaml: """
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] }, body: string }
                systemFields: { recordID: [queryable] }
            """)
        let text = try plan.jsonText()
        #expect(try DeployPlan.decode(Data(text.utf8), path: "p.json") == plan)
        // Every key is present, absent values as null.
        #expect(text.contains("\"container\" : null"))
        #expect(text.contains("\"recordType\" : \"Note\""))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func anEditedSchemaInAPlanIsRefused() throws {
        let plan = try plan(.production, yaml: "recordTypes:\n  Note:\n    fields: { title: string }\n")
        var edited = plan
        edited.ckdb += "    RECORD TYPE Extra (x STRING);\n"
        #expect(throws: DeployFailure.refused("the plan 'p.json' was edited after it was made: its schema no longer "
            + "matches its digest; make the plan again")) {
            try DeployPlan.decode(Data(try edited.jsonText().utf8), path: "p.json")
        }
    }

    @Test func aSavedPlanIsGatedAgainWhateverItSaysAboutItself() throws {
        let plan = try plan(.production, yaml: """
            recordTypes:
              Note:
                fields: { title: { type: string, indexes: [queryable] }, body: string }
                systemFields: { recordID: [queryable] }
            """)
        let production = snapshot(.production, Self.production)
        let development = snapshot(.development, plan.ckdb)
        try DeployPlanner().verify(plan, target: production, production: production, development: development)

        // A forged plan: the schema drops 'title' (and its digest is updated to match), 'deployable' still true.
        var forged = plan
        forged.ckdb = "DEFINE SCHEMA\n    RECORD TYPE Note (\"___recordID\" REFERENCE QUERYABLE, body STRING);\n"
        forged.ckdbSHA256 = SHA256.hexDigest(of: forged.ckdb.utf8)
        #expect(forged.deployable)
        #expect(throws: DeployFailure.refused("the plan's schema is one production refuses (delete field 'title' "
            + "STRING); nothing was applied")) {
            try DeployPlanner().verify(forged, target: production, production: production, development: development)
        }
        var garbled = plan
        garbled.ckdb = "DEFINE SCHEMA\n    RECORD TYPE (\n"
        #expect(throws: DeployFailure.refused("the plan's schema is not a valid schema; make the plan again")) {
            try DeployPlanner().verify(garbled, target: production, production: production, development: development)
        }
    }
}
