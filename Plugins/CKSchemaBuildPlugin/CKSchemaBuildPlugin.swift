import Foundation
import PackagePlugin

/// Generates the CloudKit models of a target at build time from the schema files in its sources
/// (`*.ckschema.yaml`, or one `.ckdb`), with `ckschema generate swift`.
///
/// The command is a `.buildCommand` whose input files are the schema files (and the target's
/// `ckschema.yaml`, if any) and whose one output, `CloudKitModels.swift`, is declared up front, so the build
/// system runs it only when an input changed and compiles the output into the target (`BuildPlan`). Lint
/// findings and generator errors appear as build diagnostics on the schema file's line; errors fail the build.
/// The Xcode entry point is in `CKSchemaBuildPlugin+Xcode.swift`, the `@main` in `EntryPoint.swift`.
struct CKSchemaBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        let plan = try BuildPlan.command(for: PluginTarget(target), workDirectory: context.pluginWorkDirectoryURL)
        return [plan.command(executable: try context.tool(named: plan.tool).url)]
    }
}
