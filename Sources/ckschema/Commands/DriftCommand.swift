import ArgumentParser
import CKSchemaCore
import CKSchemaDeploy
import CKSchemaService

/// `ckschema drift ENV`: does the live environment match its snapshot and the project schema?
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare the live environment with its snapshot and the project schema.",
        discussion: """
            Reads the environment through the backend (cktool export-schema, CKTool JS exportSchema; with the directory backend, the \
            snapshot itself, which therefore never drifts) and reports drift: the live environment differs from \
            its snapshot, changed outside ckschema. As information, never as drift: record types and fields \
            development created just in time (in neither the snapshot nor the project schema), and the project \
            schema's changes not deployed yet. A missing snapshot is an empty environment. Nothing is written. \
            For a scheduled CI job. Exit status: 0 no drift, 1 drift, 2 could not run.
            """
    )

    @Argument(help: "The environment: development or production.")
    var environment: CloudKitEnvironment

    @OptionGroup var backendOptions: BackendOptions
    @OptionGroup var project: ProjectOptions

    func run() throws {
        let project = try Project.load(project)
        project.printConfigurationWarnings()
        let parsed = try project.loadSchema([])
        if parsed.hasErrors {
            TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources)
            throw CommandFailure.couldNotRun("the project schema could not be read without errors, so nothing was compared")
        }
        let kind = backendOptions.kind(for: environment, in: project)
        InterruptSignals.install()
        let report = try deploying { () throws(DeployFailure) in
            let export = try project.backend(kind, timeout: backendOptions.timeout).export(environment, lock: nil)
            let live = try SchemaDeployer.parse(export)
            let snapshot = try EnvironmentSnapshot.read(environment, at: project.snapshotPath(environment))
            let origin = kind == .directory
                ? "\(export.origin) (the directory backend: the environment is its snapshot, so it cannot drift)"
                : export.origin
            return DriftReport(environment: environment, live: live, liveOrigin: origin,
                               snapshot: try snapshot.parse(), snapshotPath: snapshot.path,
                               snapshotNote: snapshot.missingNote, project: parsed)
        }
        Console.output(report.render())
        if report.hasDrift {
            throw ExitCode(ExitStatus.findings)
        }
    }
}
