import ArgumentParser
import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import CKSchemaReporting
import CKSchemaRules
import Foundation

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
            configured under doctor: in ckschema.yaml and silenced with 'ckschema:disable-next-line RULE' in a \
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
        let project = try Project.load(project)
        let root = path ?? project.configuration.directory
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure.couldNotRun("'\(root)' is not a folder: doctor reads an app's folder")
        }
        let configured = project.configFile.flatMap(AppProjectReader.configuredContainer(in:))
        let files = DiskAppFiles(root: root)
        var app = AppProjectReader.read(files, configuredContainer: configured)
        let code = AppCodeFactsRunner.read(AppCodeFactsRunner.swiftFiles(files.files).map(files.display))
        app.code = code.facts
        app.diagnostics += code.notes
        let isPackage = files.files.contains { $0 == "Package.swift" || $0.hasSuffix("/Package.swift") }
        let settings = project.configuration.doctor
        // Rule findings can be silenced in a comment (`<!-- ckschema:disable-next-line RULE -->`, `# …`); what
        // reading reports cannot.
        let suppressions = Suppressions(sources: app.sources)
        let ruleIDs = Set(AppRules.all.map { $0.description.id })
        let findings = AppRules.check(app, disabled: settings.disabled, enabled: settings.enabled,
                                      severities: settings.severities).filter { diagnostic in
            if ruleIDs.contains(diagnostic.id), suppressions.suppresses(diagnostic) { return false }
            guard let file = diagnostic.location?.file else { return true }
            return !settings.ignoredPaths.contains { PathGlob($0).matches(file) }
        }
        let diagnostics = Diagnostic.sortedForOutput(project.diagnostics + findings)
        let sources = app.sources + [project.configFile].compactMap { $0 }
        // A plain SwiftPM app has no project: its code (and any codesign script) is what there is to judge.
        guard !app.targets.isEmpty || !app.signings.isEmpty || (isPackage && app.code != nil) else {
            reporting.report(diagnostics, sources: sources)
            // A project that could not be read has said so, located: that is the one error to print.
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.couldNotRun) }
            throw CommandFailure.couldNotRun("no Xcode project, XcodeGen project, Swift package or codesign script found "
                + "under '\(root)'")
        }
        if !quiet, reporting.format == .text { Console.output(DoctorSummary.table(app) + (diagnostics.isEmpty ? "" : "\n")) }
        reporting.report(diagnostics, sources: sources)
        if diagnostics.isEmpty, !quiet {
            let count = app.targets.count
            let swift = app.code.map { ", \($0.files) Swift file\($0.files == 1 ? "" : "s")" } ?? ""
            Console.error("\(count) target\(count == 1 ? "" : "s"), \(app.signings.count) signing script call"
                + "\(app.signings.count == 1 ? "" : "s")\(swift): no problems")
        }
        if reporting.fails(diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }
}
