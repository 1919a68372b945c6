import ArgumentParser
import CKSchemaCore
import CKSchemaDeploy
import CKSchemaDiff
import CKSchemaService

/// `ckschema pull ENV`: refresh an environment's snapshot from what the environment holds.
struct PullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Refresh an environment's snapshot from the live environment.",
        discussion: """
            With the cktool or cktool-js backend, exports the live schema (cktool export-schema, CKTool JS \
            exportSchema) and records the result as environments/ENV.ckdb, \
            byte for byte, listing what changed. With the directory backend the environment is its snapshot, so \
            there is nothing to pull. An export that is not a valid schema records nothing. \
            Exit status: 0 recorded or up to date, 2 could not run (backend failure, timeout, invalid export, \
            lock held).
            """
    )

    @Argument(help: "The environment: development or production.")
    var environment: CloudKitEnvironment

    @OptionGroup var backendOptions: BackendOptions
    @OptionGroup var project: ProjectOptions

    func run() throws {
        let project = try Project.load(project)
        project.printConfigurationWarnings()
        let name = environment.rawValue
        let kind = backendOptions.kind(for: environment, in: project)
        guard kind.isLive else {
            Console.output("nothing to pull: with the directory backend, \(name) is its snapshot "
                + "'\(project.snapshotPath(environment))'\n")
            return
        }
        InterruptSignals.install()
        let result = try deploying { () throws(DeployFailure) in
            try project.deployer(kind, timeout: backendOptions.timeout).announcing().pull(environment, command: "ckschema pull \(name)")
        }
        let changes = SchemaDiffer.diff(baseline: result.previous, candidate: result.current).changes
        switch (result.changed, changes.isEmpty) {
        case (false, _):
            Console.output("\(name) is up to date: '\(result.path)' already holds what \(name) holds\n")
        case (true, true):
            Console.output("recorded \(result.path): the export's layout changed, its schema did not\n")
        case (true, false):
            Console.output("recorded \(result.path): \(ChangeSummary.count(changes.count, "change")) since the last "
                + "snapshot\n" + SchemaChange.lines(changes))
        }
    }
}
