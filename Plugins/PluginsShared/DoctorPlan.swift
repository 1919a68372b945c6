import Foundation
import PackagePlugin

/// `cloudkit-doctor`: one `ckschema doctor . --format json` in the whole package or project folder, whose
/// findings the plugin turns into issues (`DoctorReport`). Doctor compares targets with one another (two sharing a
/// container in different environments), so the targets Xcode passes as `--target` do not narrow it; the other
/// arguments (`--strict`, `--config FILE`) go to doctor. The format is the plugin's: it must read the JSON.
enum DoctorPlan {
    /// The run; throws `PluginError.formatChosenByPlugin` when the arguments name a format.
    static func invocation(arguments: [String], root: URL) throws -> ToolInvocation {
        let (_, passThrough) = splitTargetArguments(arguments)
        var extractor = ArgumentExtractor(passThrough)
        if let format = extractor.extractOption(named: "format").first {
            throw PluginError.formatChosenByPlugin(format)
        }
        // `.` in `root` rather than the absolute path: doctor's messages name files as it was given them, and
        // short paths read better; the report's relative places are resolved against `root` (`DoctorReport`).
        return ToolInvocation(tool: "ckschema", arguments: ["doctor", ".", "--format", "json"] + passThrough,
                              directory: root)
    }

    /// What a finished run means: the issues to show, and the failure to throw after showing them (exit 1:
    /// findings that fail; 2 or any other status, or output that is not doctor's JSON: the run itself failed).
    static func outcome(of invocation: ToolInvocation, status: Int32, output: Data) throws
        -> (issues: [ReportedIssue], failure: PluginError?)
    {
        guard status == 0 || status == 1 else {
            throw PluginError.toolFailed(command: invocation.description, status: status)
        }
        let report = try DoctorReport(json: output, directory: invocation.directory)
        let failure = status == 1
            ? PluginError.doctorFindings(errors: report.errors, warnings: report.warnings) : nil
        return (report.issues, failure)
    }
}

extension DoctorPlan {
    /// Runs doctor on `root` with the `ckschema` that `tool` names, shows every finding as an issue, then throws
    /// when the run failed (a plugin that emitted errors must fail, so that SwiftPM's exit status and Xcode's
    /// result say so). With `placeInMessage`, each message also starts with its place: SwiftPM's command line
    /// prints a plugin's diagnostics without the file and line they carry.
    static func perform(arguments: [String], root: URL, placeInMessage: Bool, tool: (String) throws -> URL) throws {
        let run = try invocation(arguments: arguments, root: root)
        let (status, output) = try ToolRunner.output(of: run, executable: tool(run.tool))
        let (issues, failure) = try outcome(of: run, status: status, output: output)
        for issue in issues {
            (placeInMessage ? issue.placedInMessage(relativeTo: root) : issue).emit()
        }
        if let failure { throw failure }
    }
}

extension ReportedIssue {
    /// The issue with `path:line: ` in front of its message, the path relative to `root` when inside it.
    func placedInMessage(relativeTo root: URL) -> ReportedIssue {
        guard let file else { return self }
        let folder = root.standardizedFileURL.path + "/"
        let path = file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file
        let place = line.map { "\(path):\($0)" } ?? path
        return ReportedIssue(severity: severity, message: "\(place): \(message)", file: file, line: line)
    }

    /// Shows the issue through SwiftPM (on standard error) or Xcode (in the Issue navigator, at its file and
    /// line). The location is always passed: the API's defaults would name the plugin's own source.
    func emit() {
        let kind: Diagnostics.Severity = switch severity {
        case .error: .error
        case .warning: .warning
        case .remark: .remark
        }
        Diagnostics.emit(kind, message, file: file, line: line)
    }
}
