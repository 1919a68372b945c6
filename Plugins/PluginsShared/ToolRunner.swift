import Foundation
import PackagePlugin

/// Runs a command plugin's tool invocations (`ckschema`, `ckschema-check-code`), forwarding their output, and
/// fails when one fails.
enum ToolRunner {
    /// Runs `invocation` with `executable`; throws `PluginError.toolFailed` on a non-zero exit.
    static func run(_ invocation: ToolInvocation, executable: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = invocation.arguments
        process.currentDirectoryURL = invocation.directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError.toolFailed(command: invocation.description, status: process.terminationStatus)
        }
    }

    /// Runs every invocation with the tool `executable(name)` returns; with `keepGoing`, runs the rest after a
    /// failure and throws the first failure at the end (lint: one run lists all findings), else stops at it.
    static func run(_ invocations: [ToolInvocation], keepGoing: Bool = false, executable: (String) throws -> URL)
        throws
    {
        var failures: [any Error] = []
        for invocation in invocations {
            do {
                try run(invocation, executable: executable(invocation.tool))
            } catch let failure as PluginError where keepGoing {
                failures.append(failure)
            }
        }
        if let failure = failures.first { throw failure }
    }
}
