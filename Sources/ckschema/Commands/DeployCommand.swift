import ArgumentParser
import CKSchemaCore
import CKSchemaFiles
import CKSchemaDeploy
import CKSchemaReporting
import CKSchemaRules
import CKSchemaService
import Foundation

/// `ckschema deploy --to ENV [--dry-run] [--plan FILE] [--yes]`: plan → gate → apply → record.
struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Plan, gate, apply and record a schema deploy to an environment.",
        discussion: """
            Lints the project schema (errors stop the deploy), compares it with the environment's snapshot (the \
            plan) and with production (the gate: a schema production would refuse is refused, even for \
            development), prints the plan, asks for confirmation (on a terminal; elsewhere --yes is required), \
            applies it through the backend and records environments/ENV.ckdb. With --plan FILE the plan is \
            written to FILE; with --plan FILE --yes that saved plan is applied exactly, unless a snapshot it was \
            made against has changed since. See docs/deploy.md. \
            Exit status: 0 applied or nothing to do, 1 refused (lint errors, breaking changes, a stale or edited \
            plan, not confirmed), 2 failed (backend failure, timeout, lock held, no --yes off a terminal, \
            unreadable input); on 1 and 2 nothing is recorded.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The environment to deploy to: development or production.",
                                            valueName: "environment"))
    var to: CloudKitEnvironment

    @Flag(name: .long, help: "Print the plan and the gate's verdict; apply nothing, write nothing, take no lock.")
    var dryRun = false

    @Option(name: .long, help: ArgumentHelp(
        "Write the plan to FILE; with --yes, apply the plan saved in FILE instead.", valueName: "file"))
    var plan: String?

    @Flag(name: .long, help: "Apply without asking (required when not on a terminal, as in CI).")
    var yes = false

    @Flag(name: .long, help: "Also print the whole schema the deploy applies (.ckdb); the change list is printed always.")
    var showSchema = false

    @Flag(name: .long, help: ArgumentHelp(
        "Development with the cktool-js backend: reset development to production's schema before importing (CKTool JS resetToProduction), as a clean start for the plan's schema."))
    var reset = false

    @Flag(name: .long, help: ArgumentHelp(
        "Production with the cktool or cktool-js backend: record the plan as production's snapshot, because you have deployed it with the CloudKit Console's Deploy Schema Changes."))
    var confirmConsoleDeploy = false

    @OptionGroup var backendOptions: BackendOptions
    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if dryRun && plan != nil {
            throw ValidationError("--dry-run writes no plan file and applies none; drop --dry-run or --plan")
        }
        if confirmConsoleDeploy && to != .production {
            throw ValidationError("--confirm-console-deploy records a Console deploy, which only production needs")
        }
        if reset && to != .development {
            throw ValidationError("--reset resets development to production; production itself is never reset")
        }
        if reset && dryRun {
            throw ValidationError("--dry-run resets nothing; drop --dry-run or --reset")
        }
    }

    func run() throws {
        let project = try Project.load(project)
        project.printConfigurationWarnings()
        let kind = backendOptions.kind(for: to, in: project)
        if confirmConsoleDeploy && !kind.isLive {
            throw CommandFailure.couldNotRun("--confirm-console-deploy is for the cktool and cktool-js backends; the "
                + "directory backend records production itself")
        }
        if reset && kind != .cktoolJS {
            throw CommandFailure.couldNotRun("--reset is for the cktool-js backend (CKTool JS resetToProduction); the "
                + "\(kind.rawValue) backend cannot reset development")
        }
        let deployer = project.deployer(kind, timeout: backendOptions.timeout, resetDevelopment: reset).announcing()
        let plan: DeployPlan
        if let file = self.plan, yes {
            plan = try deploying { () throws(DeployFailure) in try DeployPlan.read(from: file) }
            guard plan.environment == to else {
                throw CommandFailure.couldNotRun("the plan '\(file)' deploys to \(plan.environment.rawValue), not to "
                    + "\(to.rawValue)")
            }
            // Checked before it is shown, so that a plan misstating its changes is never presented as the review;
            // the deployer checks it again under the lock.
            try deploying { () throws(DeployFailure) in try deployer.check(plan) }
            Console.output(DeployPlanText.render(plan, showSchema: showSchema))
            if reset && !plan.isEmpty { Console.output(Self.resetNote) }
        } else {
            plan = try makePlan(project, backend: deployer.backend)
            Console.output(DeployPlanText.render(plan, showSchema: showSchema))
            guard plan.deployable else {
                throw CommandFailure.rejected("refused: production would refuse this schema; nothing was applied")
            }
            if dryRun {
                Console.output("\ndry run: nothing was applied or recorded\n")
                return
            }
            if let file = self.plan {
                let text = try deploying { () throws(DeployFailure) in try plan.jsonText() }
                if Console.scrubber?.contains(text) == true {
                    throw CommandFailure.couldNotRun("the plan would hold the CloudKit management token (the project "
                        + "schema contains it); no plan was written")
                }
                try AtomicFile.writing(text, to: file)
                Console.output("\nplan written to \(file); apply it with 'ckschema deploy --to \(to.rawValue) "
                    + "--plan \(file) --yes'\n")
                return
            }
            if reset && !plan.isEmpty { Console.output(Self.resetNote) }
            if !plan.isEmpty && !yes {
                try Confirmation.require("apply \(ChangeSummary.count(plan.changes.count, "change")) to \(to.rawValue)?")
            }
        }
        InterruptSignals.install()
        let outcome = try deploying { () throws(DeployFailure) in
            try deployer.deploy(plan, consoleDeployConfirmed: confirmConsoleDeploy,
                                command: "ckschema deploy --to \(to.rawValue)")
        }
        Console.output("\n" + Self.describe(outcome, plan: plan))
    }

    /// Lints the project schema, reads both snapshots and makes the plan.
    private func makePlan(_ project: Project, backend: any DeployBackend) throws(CommandFailure) -> DeployPlan {
        let parsed = try project.loadSchema([])
        let findings = Linter(settings: project.configuration.lint).lint(parsed)
        if findings.containsErrors {
            TextOutput.printToStandardError(findings, sources: parsed.sources)
            let errors = findings.count(where: { $0.severity == .error })
            throw .rejected("refused: the project schema has \(ChangeSummary.count(errors, "lint error")); nothing was "
                + "applied")
        }
        if !findings.isEmpty {
            Console.error("lint: \(ChangeSummary.count(findings.count, "warning")) in the project schema (see 'ckschema lint')")
        }
        return try deploying { () throws(DeployFailure) in
            try DeployPreview.plan(parsed, schemaName: project.configuration.schemaPaths.joined(separator: ", "), to: to,
                                   backend: backend.kind, container: backend.container, settings: project.configuration.diff,
                                   snapshotPath: project.snapshotPath)
        }
    }

    /// What `--reset` adds to the plan.
    private static let resetNote = "\ndevelopment is reset to production's schema first (--reset), then the schema "
        + "is imported\n"

    /// What happened, for standard output.
    private static func describe(_ outcome: SchemaDeployer.Outcome, plan: DeployPlan) -> String {
        let name = plan.environment.rawValue
        switch outcome {
        case .upToDate:
            return "nothing to deploy: \(name) already holds this schema\n"
        case .applied(let recorded):
            return "deployed to \(name); recorded \(recorded)\n"
        case .awaitingConsole(let instructions):
            return instructions.lines.joined(separator: "\n") + "\nnothing was recorded: \(plan.base.path) is unchanged\n"
        }
    }
}
