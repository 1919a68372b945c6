/// Why a ckschema plugin cannot run for a target, with text that names what to change.
enum PluginError: Error, Equatable, CustomStringConvertible {
    /// The target has no schema file.
    case noSchema(target: String)
    /// The target holds both YAML and `.ckdb` schema files.
    case mixedSchemaLanguages(target: String)
    /// The target holds more than one `.ckdb` file.
    case severalCKDBFiles(target: String, files: [String])
    /// The target holds more than one ckschema configuration.
    case severalConfigurations(target: String)
    /// A target named on the command line does not exist or has no sources.
    case unknownTarget(String)
    /// The tool exited with a non-zero status.
    case toolFailed(command: String, status: Int32)
    /// No target of the package or project has Swift code to check.
    case noSwiftCode
    /// No target of the package or project has SwiftData or Core Data models to check.
    case noModels
    /// `--format` was passed to a plugin that reads the tool's JSON itself.
    case formatChosenByPlugin(String)
    /// The tool's standard output was not the report the plugin reads.
    case doctorOutputUnreadable(String)
    /// `ckschema doctor` found what fails it (errors, or warnings with `--strict`); each is already an issue.
    case doctorFindings(errors: Int, warnings: Int)

    var description: String {
        switch self {
        case .noSchema(let target):
            "target '\(target)' has no CloudKit schema: add '<name>.ckschema.yaml' files or one '.ckdb' file to the "
                + "target (its sources folder in a package, Target Membership in Xcode)"
        case .mixedSchemaLanguages(let target):
            "target '\(target)' holds both '.ckschema.yaml' and '.ckdb' files; keep one schema language"
        case .severalCKDBFiles(let target, let files):
            "target '\(target)' holds several '.ckdb' files (\(files.joined(separator: ", "))); keep one"
        case .severalConfigurations(let target):
            "target '\(target)' holds more than one 'ckschema.yaml'; keep one"
        case .unknownTarget(let name):
            "no source target named '\(name)' in this package or project"
        case .toolFailed(let command, let status):
            "'\(command)' failed with exit status \(status)"
        case .noSwiftCode:
            "no target of this package or project has Swift code to check; name one with --target"
        case .noModels:
            "no target of this package or project has Swift files or a '.xcdatamodeld' model to check; name one with --target"
        case .formatChosenByPlugin(let format):
            "'--format \(format)' is not for this plugin: it shows the findings as issues itself; run "
                + "'ckschema doctor --format \(format)' for that format"
        case .doctorOutputUnreadable(let reason):
            "could not read what 'ckschema doctor' reported: \(reason)"
        case .doctorFindings(let errors, let warnings):
            "ckschema doctor found \(counted(errors, "error")) and \(counted(warnings, "warning")) (listed as issues)"
        }
    }
}

/// `1 error`, `2 errors`.
private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
