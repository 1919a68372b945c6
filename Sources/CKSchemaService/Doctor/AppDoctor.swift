package import CKSchemaApp
import CKSchemaAppReader
package import CKSchemaCore
import Foundation

/// `doctor`: an app's configuration and Swift code read offline and judged by the app rules, as `ckschema
/// doctor` and the MCP `doctor` tool both run it.
package enum AppDoctor {
    /// Reads the app under `root` in `project` (its `doctor:` settings, configured container and warnings);
    /// `admit` sees every file before one is read (the MCP server refuses a link out of the project there).
    /// Throws when `root` is not a folder; an app with nothing to read is a report whose `failure` says so.
    package static func run(_ project: Project, root: String,
                            admit: (_ files: [String]) throws(ServiceError) -> Void = { _ in }) throws(ServiceError)
        -> DoctorReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw .couldNotRun("'\(root)' is not a folder: doctor reads an app's folder")
        }
        let configured = project.configFile.flatMap(AppProjectReader.configuredContainer(in:))
        let files = DiskAppFiles(root: root)
        try admit(files.files.map(files.display))
        var app = AppProjectReader.read(files, configuredContainer: configured)
        let code = AppCodeFactsRunner.read(AppCodeFactsRunner.swiftFiles(files.files).map(files.display))
        app.code = code.facts
        app.diagnostics += code.notes
        let isPackage = files.files.contains { $0 == "Package.swift" || $0.hasSuffix("/Package.swift") }
        let settings = project.configuration.doctor
        let checked = AppRules.check(app, disabled: settings.disabled, enabled: settings.enabled, severities: settings.severities)
        let swiftSources = AppCodeFactsRunner.sources(of: checked)
        let findings = DoctorFindingFilter.apply(checked, sources: app.sources + swiftSources, settings: settings, root: root)
        // A plain SwiftPM app has no project: its code (and any codesign script) is what there is to judge.
        let judged = !app.targets.isEmpty || !app.signings.isEmpty || (isPackage && app.code != nil)
        return DoctorReport(app: app, root: root, judged: judged,
                            diagnostics: Diagnostic.sortedForOutput(project.diagnostics + findings),
                            sources: app.sources + swiftSources + [project.configFile].compactMap { $0 })
    }
}

/// What doctor found: the app as read (for the table), the findings sorted for output and the files they quote.
package struct DoctorReport: Sendable {
    package let app: AppProject
    /// The folder read, as it was named.
    package let root: String
    /// Whether there was an app to judge (a project, a signing script, or a Swift package's code).
    package let judged: Bool
    package let diagnostics: [Diagnostic]
    package let sources: [SourceFile]

    /// Why nothing was judged, when nothing was; `nil` when something was. A folder whose project could not be
    /// read has said so in a located error among the findings.
    package var failure: String? {
        guard !judged else { return nil }
        return "no Xcode project, XcodeGen project, Swift package or codesign script found under '\(root)'"
    }

    /// The table of what each target signs with (platform, bundle ID, containers, environment, push, …).
    package var table: String { DoctorSummary.table(app) }

    /// `2 targets, 1 signing script call, 14 Swift files: no problems`: what a clean run read.
    package var cleanSummary: String {
        let swift = app.code.map { ", \(SchemaLint.count($0.files, "Swift file"))" } ?? ""
        return "\(SchemaLint.count(app.targets.count, "target")), "
            + "\(SchemaLint.count(app.signings.count, "signing script call"))\(swift): no problems"
    }
}
