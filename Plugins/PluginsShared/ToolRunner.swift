import Foundation
import PackagePlugin

/// Runs a ckschema tool (`ckschema`, `ckschema-check-code`) for a command plugin, forwarding its output, and fails when it fails.
enum ToolRunner {
    /// Runs `tool` with `arguments` in `directory`; throws `PluginError.toolFailed` on a non-zero exit.
    static func run(_ tool: PluginContext.Tool, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError.toolFailed(command: ([tool.name] + arguments).joined(separator: " "),
                                         status: process.terminationStatus)
        }
    }
}
