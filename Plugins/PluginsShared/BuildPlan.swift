import Foundation
import PackagePlugin

/// The build plugin's one command for a target: `ckschema generate swift` over its schema files into
/// `GeneratedSources/CloudKitModels.swift` under the plugin's work directory, declared with its inputs (the
/// schema files and the target's `ckschema.yaml`) and its one output, so that the build system runs it only
/// when an input changed and compiles the output into the target. The same for a SwiftPM and an Xcode target.
enum BuildPlan {
    /// The one file the command writes (declared outputs must always be written).
    static let outputFile = "CloudKitModels.swift"

    /// The command for `target`; throws `PluginError.noSchema` when the target has no schema file (the plugin
    /// was applied to it, so that is a mistake to report), or the schema-file errors of `SchemaFiles`.
    static func command(for target: PluginTarget, workDirectory: URL) throws -> BuildCommandPlan {
        let files = try SchemaFiles(target: target)
        guard !files.isEmpty else { throw PluginError.noSchema(target: target.name) }
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources")
        return BuildCommandPlan(
            displayName: "Generating CloudKit models for \(target.name)",
            tool: "ckschema",
            arguments: ["generate", "swift"] + files.arguments
                + ["--output", outputDirectory.path, "--option", "file=\(outputFile)"],
            inputFiles: files.inputFiles,
            outputFiles: [outputDirectory.appendingPathComponent(outputFile)]
        )
    }
}

extension BuildCommandPlan {
    /// The plan as the build system's command, running `executable` (the context's `tool(named: tool)`).
    func command(executable: URL) -> Command {
        .buildCommand(displayName: displayName, executable: executable, arguments: arguments,
                      inputFiles: inputFiles, outputFiles: outputFiles)
    }
}
