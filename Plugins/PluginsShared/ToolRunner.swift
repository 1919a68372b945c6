import Foundation
import PackagePlugin

/// Runs a command plugin's tool invocations (`ckschema`, `ckschema-check-code`), forwarding their output, and
/// fails when one fails.
enum ToolRunner {
    /// Runs `invocation` with `executable`; throws `PluginError.toolFailed` on a non-zero exit.
    static func run(_ invocation: ToolInvocation, executable: URL) throws {
        let process = try start(invocation, executable: executable)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError.toolFailed(command: invocation.description, status: process.terminationStatus)
        }
    }

    /// Runs `invocation` with `executable` and returns its exit status and standard output, for a plugin that
    /// reads what the tool reports (standard error still goes to the log). Throws `PluginError.toolFailed` when
    /// the tool did not exit by itself (a signal).
    static func output(of invocation: ToolInvocation, executable: URL) throws -> (status: Int32, output: Data) {
        let pipe = Pipe()
        let process = try start(invocation, executable: executable, standardOutput: pipe)
        // Read to the end before waiting: a tool whose output fills the pipe would otherwise never exit.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw PluginError.toolFailed(command: invocation.description, status: process.terminationStatus)
        }
        return (process.terminationStatus, output)
    }

    private static func start(_ invocation: ToolInvocation, executable: URL, standardOutput: Pipe? = nil) throws
        -> Process
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = invocation.arguments
        process.currentDirectoryURL = invocation.directory
        if let standardOutput { process.standardOutput = standardOutput }
        try process.run()
        return process
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
