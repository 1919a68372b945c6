package import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules

/// Makes a deploy plan: the project schema compared with the target environment's snapshot (the changes the
/// deploy makes) and, always, with production (the gate).
///
/// - A **production** deploy has one comparison: the plan's changes are the gate, classified with production
///   as the baseline. Production only ever receives what development holds (the Console deploys development),
///   so a production deploy whose schema development's snapshot does not contain is refused: deploy to
///   development first.
/// - A **development** deploy lists the changes to development and gates on production: a schema production
///   would refuse is refused even though development would take it.
///
/// Both comparisons judge by what the snapshots say the environments hold: deleting or retyping something
/// production has is breaking; something only development has is a warning (its development data is lost).
/// A missing snapshot is an empty environment.
package struct DeployPlanner: Sendable {
    /// What the configuration says about classifying changes (`diff.indexRemoval`).
    package let settings: DiffSettings

    /// A planner classifying with `settings`.
    package init(settings: DiffSettings = DiffSettings()) {
        self.settings = settings
    }

    /// What a plan is made from besides the schemas.
    package struct Context: Sendable {
        /// The backend that will apply the plan.
        package var backend: DeployBackendKind
        /// The container, for the cktool backend.
        package var container: CloudKitContainer?
        /// The project schema's name and files.
        package var schema: SchemaReference
        /// When the plan is made (ISO 8601).
        package var createdAt: String
        /// The ckschema making it (`ckschema 0.1.0`).
        package var createdBy: String

        /// A context for a plan applied by `backend`.
        package init(backend: DeployBackendKind, container: CloudKitContainer?, schema: SchemaReference,
                    createdAt: String, createdBy: String) {
            self.backend = backend
            self.container = container
            self.schema = schema
            self.createdAt = createdAt
            self.createdBy = createdBy
        }
    }

    /// The plan that deploys `project` to `target`'s environment, gated by `production`; `development` is
    /// development's snapshot (the target itself for a development deploy).
    package func plan(project: ParsedSchema, target: EnvironmentSnapshot, production: EnvironmentSnapshot,
                     development: EnvironmentSnapshot, context: Context) throws(DeployFailure) -> DeployPlan {
        try plan(project: project, target: target, production: production, development: development, context: context,
                 requiringDevelopment: true)
    }

    /// The plan; `requiringDevelopment: false` leaves out the refusal of a production schema development does
    /// not hold (`verify` checks it after checking the plan against itself, whose message is the truer one).
    private func plan(project: ParsedSchema, target: EnvironmentSnapshot, production: EnvironmentSnapshot,
                      development: EnvironmentSnapshot, context: Context,
                      requiringDevelopment: Bool) throws(DeployFailure) -> DeployPlan {
        let productionSchema = try production.parse()
        let developmentSchema = try development.parse()
        let environments = EnvironmentSchemas(production: productionSchema.schema, development: developmentSchema.schema)
        let gateChanges = classify(from: productionSchema, to: project, baseline: .production, environments: environments)
        let changes: ClassifiedChangeSet
        if target.environment == .production {
            // A schema production refuses is shown as the refused plan; only a deployable one must also be held
            // by development.
            if gateChanges.isDeployable && requiringDevelopment {
                try Self.requireHeld(project, by: developmentSchema, at: development.path)
            }
            changes = gateChanges
        } else {
            changes = classify(from: try target.parse(), to: project, baseline: target.environment,
                               environments: environments)
        }
        let gate = Gate(summary: ChangeSummary(gateChanges.changes.map(\.classification)),
                        breaking: gateChanges.changes.filter { $0.classification == .breaking }.map(ChangeRecord.init))
        return DeployPlan(
            createdAt: context.createdAt, createdBy: context.createdBy, environment: target.environment,
            backend: context.backend, container: context.container, schema: context.schema,
            base: target.reference, production: production.reference,
            changes: changes.changes.map(ChangeRecord.init), gate: gate, ckdb: CKDBPrinter.print(project.schema))
    }

    /// Checks a plan against the snapshots as they are now, before it is applied, so that nothing rests on what
    /// a file says about itself: the plan's schema must parse, production must accept it, and the changes the
    /// plan lists (with their classifications, findings, summary and gate) must be exactly those its schema makes
    /// against `target` — a plan whose `ckdb` was edited (and its digest recomputed) is refused, however
    /// plausible its change list looks.
    package func verify(_ plan: DeployPlan, target: EnvironmentSnapshot, production: EnvironmentSnapshot,
                       development: EnvironmentSnapshot) throws(DeployFailure) {
        let planned = CKDBParser.parse(SourceFile(path: "plan", text: plan.ckdb))
        guard !planned.hasErrors else {
            throw .refused("the plan's schema is not a valid schema; make the plan again")
        }
        let context = Context(backend: plan.backend, container: plan.container, schema: plan.schema,
                              createdAt: plan.createdAt, createdBy: plan.createdBy)
        let recomputed = try self.plan(project: planned, target: target, production: production,
                                       development: development, context: context, requiringDevelopment: false)
        guard recomputed.gate.deployable else {
            let breaking = recomputed.gate.breaking
            let first = breaking.first.map { "\($0.action) \($0.summary)" } ?? ""
            throw .refused("the plan's schema is one production refuses (\(first)"
                + (breaking.count > 1 ? " and \(breaking.count - 1) more" : "") + "); nothing was applied")
        }
        if let difference = Self.difference(listed: plan, recomputed: recomputed) {
            throw .refused("the plan does not match its own schema: \(difference); it was edited after it was made, "
                + "so nothing was applied (make the plan again)")
        }
        if plan.environment == .production {
            try Self.requireHeld(planned, by: try development.parse(), at: development.path)
        }
    }

    /// The first way `listed` misstates what its schema does, or `nil` when it states it exactly. What a
    /// reviewer reads is compared (`ChangeRecord.reviewed`), not locations: the plan's point into the project
    /// schema it was made from, which the `ckdb` cannot say.
    static func difference(listed: DeployPlan, recomputed: DeployPlan) -> String? {
        let listedChanges = listed.changes.map(\.reviewed)
        let actualChanges = recomputed.changes.map(\.reviewed)
        if listedChanges.count != actualChanges.count {
            return "it lists \(ChangeSummary.count(listedChanges.count, "change")), and its schema makes "
                + "\(actualChanges.count) against the \(listed.environment.rawValue) snapshot"
        }
        if let index = listedChanges.indices.first(where: { listedChanges[$0] != actualChanges[$0] }) {
            let actual = recomputed.changes[index]
            return "change \(index + 1) is listed as '\(listed.changes[index].symbol) \(listed.changes[index].summary)' "
                + "(\(listed.changes[index].classification.rawValue)), and its schema makes '\(actual.symbol) "
                + "\(actual.summary)' (\(actual.classification.rawValue))"
        }
        if listed.summary != recomputed.summary || listed.deployable != recomputed.deployable {
            return "its summary says '\(listed.summary.description)', and its schema makes "
                + "'\(recomputed.summary.description)'"
        }
        if listed.gate.reviewed != recomputed.gate.reviewed {
            return "its production gate says '\(listed.gate.summary.description)', and its schema gives "
                + "'\(recomputed.gate.summary.description)'"
        }
        return nil
    }

    private func classify(from baseline: ParsedSchema, to candidate: ParsedSchema, baseline environment: CloudKitEnvironment,
                          environments: EnvironmentSchemas) -> ClassifiedChangeSet {
        BreakingChecker(settings: settings, baselineEnvironment: environment, environments: environments)
            .classify(SchemaDiffer.diff(baseline: baseline, candidate: candidate))
    }

    /// Refuses a production deploy of a schema development does not hold: CloudKit promotes development to
    /// production and nothing else, so anything development lacks (or declares differently) could never
    /// reach production this way. What development holds beyond the schema is allowed.
    static func requireHeld(_ project: ParsedSchema, by development: ParsedSchema, at path: String) throws(DeployFailure) {
        let missing = SchemaDiffer.diff(baseline: development, candidate: project).changes.filter { $0.action != .delete }
        guard let first = missing.first else { return }
        let more = missing.count > 1 ? " and \(missing.count - 1) more" : ""
        throw .refused("development does not hold this schema ('\(path)' → the schema: \(first.action.symbol) "
            + "\(first.qualifiedSummary)\(more)), and production only receives what development holds; deploy to "
            + "development first")
    }
}
