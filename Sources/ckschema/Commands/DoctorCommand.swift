import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import CKSchemaService

/// `ckschema doctor [PATH]`: the app's entitlements, Info.plist, Xcode project and signing scripts, read offline
/// and judged by the app rules, after a table of what each target signs with.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the app's entitlements, Info.plist, Xcode project and signing scripts for CloudKit.",
        discussion: """
            Reads, offline, the Xcode projects (project.pbxproj, their .xcconfig files) and XcodeGen projects \
            (project.yml) under PATH (default: the project folder), each target's entitlements and Info.plist \
            (XML or binary, build settings expanded), the codesign --entitlements calls of shell scripts, \
            Makefiles and CI workflows, and the app's Swift code (through ckschema-check-code: containers named, \
            how it syncs, subscriptions, shares); a plain Swift package is judged on its code and scripts. Then \
            prints a table per target (platform, bundle ID, containers, environment, push, background mode, \
            sharing, sync) and the findings of the app rules ('ckschema rules --kind app'), \
            configured under doctor: in ckschema.yaml (with PATH: PATH's own, else the nearest above it up to \
            the repository's root; --config overrides) and silenced with 'ckschema:disable-next-line RULE' in a \
            comment (<!-- --> in property lists, # in scripts). Tuist and Bazel projects are named, not read. \
            Exit status: 0 clean (warnings allowed), 1 errors (or warnings with --strict), 2 could not run \
            (nothing to read).
            """
    )

    @Argument(help: "The app's folder (default: the folder of ckschema.yaml, else the current one).")
    var path: String?

    @Flag(name: .shortAndLong, help: "Print no table and no summary line; only the findings.")
    var quiet = false

    @OptionGroup var project: ProjectOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        // PATH's own project (its ckschema.yaml, or the nearest above it) configures doctor, not the current folder's.
        let options = project
        let project = try path.map { path throws(CommandFailure) in
            try serving { () throws(ServiceError) in try Project.load(configPath: options.config, nearest: path) }
        } ?? Project.load(options)
        let report = try serving { () throws(ServiceError) in
            try AppDoctor.run(project, root: path ?? project.configuration.directory)
        }
        guard let failure = report.failure else {
            if !quiet, reporting.format == .text {
                Console.output(report.table + (report.diagnostics.isEmpty ? "" : "\n"))
            }
            reporting.report(report.diagnostics, sources: report.sources)
            if report.diagnostics.isEmpty, !quiet { Console.error(report.cleanSummary) }
            if reporting.fails(report.diagnostics) { throw ExitCode(ExitStatus.findings) }
            return
        }
        reporting.report(report.diagnostics, sources: report.sources)
        // A project that could not be read has said so, located: that is the one error to print.
        if report.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.couldNotRun) }
        throw CommandFailure.couldNotRun(failure)
    }
}
