import Foundation
import PackagePlugin

/// Generates the CloudKit models of a target at build time from the schema files in its sources
/// (`*.ckschema.yaml`, or one `.ckdb`), with `ckschema generate swift`.
///
/// The command is a `.buildCommand` whose input files are the schema files (and the target's
/// `ckschema.yaml`, if any) and whose one output, `CloudKitModels.swift`, is declared up front, so SwiftPM runs
/// it only when an input changed and compiles the output into the target. Lint findings and generator errors
/// appear as build diagnostics; errors fail the build.
@main
struct CKSchemaBuildPlugin: BuildToolPlugin {
    /// The one file the command writes (declared outputs must always be written).
    static let outputFile = "CloudKitModels.swift"

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = try SchemaFiles(target: target)
        guard !files.isEmpty else { throw PluginError.noSchema(target: target.name) }
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let arguments = ["generate", "swift"] + files.arguments
            + ["--output", outputDirectory.path, "--option", "file=\(Self.outputFile)"]
        return [
            .buildCommand(
                displayName: "Generating CloudKit models for \(target.name)",
                executable: try context.tool(named: "ckschema").url,
                arguments: arguments,
                inputFiles: files.schemas + (files.configuration.map { [$0] } ?? []),
                outputFiles: [outputDirectory.appendingPathComponent(Self.outputFile)]
            ),
        ]
    }
}
