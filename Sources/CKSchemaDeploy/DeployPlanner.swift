public import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules

/// Makes a deploy plan: the project schema compared with the target environment's snapshot (the changes the
/// deploy makes) and, always, with production (the gate).
///
/// - A **production** deploy has one comparison: the plan's changes are the gate, classified with production
///   as the baseline (so additions carry the "not in production yet" warnings).
/// - A **development** deploy lists the changes to development, classified with development as the baseline,
///   and gates on production: a schema production would refuse is refused even though development would take
///   it. A change development alone holds — deleting or retyping a field that never reached production — is
///   not something production refuses, so its breaking finding is lowered to a warning with a note: CloudKit
///   allows it in development, and the values development holds for it are lost.
public struct DeployPlanner: Sendable {
    /// What the configuration says about classifying changes (`diff.indexRemoval`).
    public let settings: DiffSettings

    /// A planner classifying with `settings`.
    public init(settings: DiffSettings = DiffSettings()) {
        self.settings = settings
    }

    /// What a plan is made from besides the schemas.
    public struct Context: Sendable {
        /// The backend that will apply the plan.
        public var backend: DeployBackendKind
        /// The container, for the cktool backend.
        public var container: CloudKitContainer?
        /// The project schema's name and files.
        public var schema: SchemaReference
        /// When the plan is made (ISO 8601).
        public var createdAt: String
        /// The ckschema making it (`ckschema 0.1.0`).
        public var createdBy: String

        /// A context for a plan applied by `backend`.
        public init(backend: DeployBackendKind, container: CloudKitContainer?, schema: SchemaReference,
                    createdAt: String, createdBy: String) {
            self.backend = backend
            self.container = container
            self.schema = schema
            self.createdAt = createdAt
            self.createdBy = createdBy
        }
    }

    /// The plan that deploys `project` to `target`'s environment, gated by `production`.
    public func plan(project: ParsedSchema, target: EnvironmentSnapshot, production: EnvironmentSnapshot,
                     context: Context) throws(DeployFailure) -> DeployPlan {
        let gateChanges = classify(from: try production.parse(), to: project, baseline: .production)
        let changes: ClassifiedChangeSet
        if target.environment == .production {
            changes = gateChanges
        } else {
            let targetChanges = classify(from: try target.parse(), to: project, baseline: target.environment)
            changes = Self.lowerDevelopmentOnly(targetChanges, gate: gateChanges)
        }
        let gate = Gate(summary: ChangeSummary(gateChanges.changes.map(\.classification)),
                        breaking: gateChanges.changes.filter { $0.classification == .breaking }.map(PlannedChange.init))
        return DeployPlan(
            createdAt: context.createdAt, createdBy: context.createdBy, environment: target.environment,
            backend: context.backend, container: context.container, schema: context.schema,
            base: target.reference, production: production.reference,
            changes: changes.changes.map(PlannedChange.init), gate: gate, ckdb: CKDBPrinter.print(project.schema))
    }

    /// Checks a plan against the snapshots as they are now, before it is applied, so that nothing rests on what
    /// a file says about itself: the plan's schema must parse, production must accept it, and the changes the
    /// plan lists (with their classifications, findings, summary and gate) must be exactly those its schema makes
    /// against `target` — a plan whose `ckdb` was edited (and its digest recomputed) is refused, however
    /// plausible its change list looks.
    public func verify(_ plan: DeployPlan, target: EnvironmentSnapshot,
                       production: EnvironmentSnapshot) throws(DeployFailure) {
        let planned = CKDBParser.parse(SourceFile(path: "plan", text: plan.ckdb))
        guard !planned.hasErrors else {
            throw .refused("the plan's schema is not a valid schema; make the plan again")
        }
        let context = Context(backend: plan.backend, container: plan.container, schema: plan.schema,
                              createdAt: plan.createdAt, createdBy: plan.createdBy)
        let recomputed = try self.plan(project: planned, target: target, production: production, context: context)
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
    }

    /// The first way `listed` misstates what its schema does, or `nil` when it states it exactly. Locations are
    /// not compared: the plan's point into the project schema it was made from, which the `ckdb` cannot say.
    static func difference(listed: DeployPlan, recomputed: DeployPlan) -> String? {
        let listedChanges = listed.changes.map(\.withoutLocations)
        let actualChanges = recomputed.changes.map(\.withoutLocations)
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
        if listed.gate.withoutLocations != recomputed.gate.withoutLocations {
            return "its production gate says '\(listed.gate.summary.description)', and its schema gives "
                + "'\(recomputed.gate.summary.description)'"
        }
        return nil
    }

    private func classify(from baseline: ParsedSchema, to candidate: ParsedSchema,
                          baseline environment: CloudKitEnvironment) -> ClassifiedChangeSet {
        BreakingChecker(settings: settings, baselineEnvironment: environment)
            .classify(SchemaDiffer.diff(baseline: baseline, candidate: candidate))
    }

    /// Lowers the errors of target changes that production does not refuse (no breaking gate change has their
    /// subject) to warnings, noting why.
    static func lowerDevelopmentOnly(_ changes: ClassifiedChangeSet, gate: ClassifiedChangeSet) -> ClassifiedChangeSet {
        let refusedByProduction = Set(gate.changes.filter { $0.classification == .breaking }.map(\.change.subject))
        return ClassifiedChangeSet(changes.changes.map { classified in
            guard classified.classification == .breaking, !refusedByProduction.contains(classified.change.subject) else {
                return classified
            }
            let findings = classified.findings.map { finding in
                guard finding.severity == .error else { return finding }
                var lowered = finding
                lowered.severity = .warning
                lowered.notes.append(Note("the change does not touch production's schema, so CloudKit allows it in "
                    + "development; the values development holds for it are lost"))
                return lowered
            }
            return ClassifiedChange(change: classified.change, findings: findings)
        })
    }
}
