package import CKSchemaCore
import CKSchemaDiff
import CKSchemaParsing

/// The steps that promote a reviewed plan to production in the CloudKit Console — the only supported way
/// to change production's schema (docs/cloudkit-facts.md §1.4, §1.5) — and how to record the result afterwards.
package struct ConsoleInstructions: Sendable, Equatable {
    /// The environment the plan deploys to (production).
    package let environment: CloudKitEnvironment
    /// The container to open in the Console, when configured.
    package let containerID: String?
    /// How many changes the Console should list as pending.
    package let changeCount: Int
    /// Whether the development snapshot holds exactly the plan's schema (the Console deploys development).
    package let developmentHoldsPlan: Bool
    /// The changes development holds beyond the plan's schema (a production deploy is refused unless development
    /// holds the schema, so this is what the Console will deploy besides it).
    package let developmentExtras: Int
    /// The development snapshot.
    package let developmentPath: String
    /// The backend the plan was made for, whose words the steps use.
    package let backend: DeployBackendKind

    /// The instructions for `plan`, given what the development snapshot holds.
    package init(plan: DeployPlan, development: EnvironmentSnapshot) {
        environment = plan.environment
        backend = plan.backend
        containerID = plan.container?.containerID
        changeCount = plan.changes.count
        developmentPath = development.path
        let planned = CKDBParser.parse(SourceFile(path: "plan", text: plan.ckdb))
        if let held = try? development.parse() {
            let beyond = SchemaDiffer.diff(baseline: planned, candidate: held)
            developmentHoldsPlan = beyond.isEmpty
            developmentExtras = beyond.count
        } else {
            developmentHoldsPlan = false
            developmentExtras = 0
        }
    }

    /// The explanation and numbered steps, one line each.
    package var lines: [String] {
        let environmentName = environment.rawValue
        let extras = developmentExtras == 1 ? "1 more change" : "\(developmentExtras) more changes"
        let development = developmentHoldsPlan
            ? "development already holds this schema ('\(developmentPath)'); the Console deploys what development holds"
            : "development holds this schema and \(extras) ('\(developmentPath)'); the Console deploys everything "
                + "development holds, so its pending changes list those too"
        let container = containerID.map { "container '\($0)'" } ?? "your container"
        let changes = (changeCount == 1 ? "the 1 change above" : "the \(changeCount) changes above")
            + (developmentHoldsPlan ? "" : " and development's \(extras)")
        let (refusal, reader) = backend == .cktoolJS
            ? ("CKTool JS's importSchema is refused there", "CKTool JS")
            : ("cktool refuses import-schema there", "cktool")
        return [
            "\(environmentName) has no supported import (\(refusal)): promote the schema in "
                + "the CloudKit Console, then record it",
            "  1. \(development)",
            "  2. open https://icloud.developer.apple.com/dashboard, choose \(container), then CloudKit Database",
            "  3. click \"Deploy Schema Changes…\", check that the pending changes are \(changes), and click Deploy",
            "  4. record the result: 'ckschema pull \(environmentName)' reads it back through \(reader) (or "
                + "'ckschema deploy --to \(environmentName) --confirm-console-deploy --yes' records this plan as it is)",
        ]
    }
}
