import Foundation
import PackagePlugin

/// A build command as plain strings, to compare what the two entry points return.
struct BuildCommandParts: Equatable, CustomStringConvertible {
    let displayName: String?
    let executable: String
    let arguments: [String]
    let inputFiles: [String]
    let outputFiles: [String]

    init?(_ command: Command) {
        guard case .buildCommand(let displayName, let executable, let arguments, _, let inputs, let outputs) = command
        else { return nil }
        self.displayName = displayName
        self.executable = executable.path
        self.arguments = arguments
        inputFiles = inputs.map(\.path)
        outputFiles = outputs.map(\.path)
    }

    init(displayName: String?, executable: String, arguments: [String], inputFiles: [String], outputFiles: [String]) {
        self.displayName = displayName
        self.executable = executable
        self.arguments = arguments
        self.inputFiles = inputFiles
        self.outputFiles = outputFiles
    }

    var description: String {
        "\(displayName ?? "-"): \(executable) \(arguments) in \(inputFiles) out \(outputFiles)"
    }
}

/// A tool run as plain strings: `tool in /folder: arg arg`.
func rendered(_ runs: [ToolInvocation]) -> [String] {
    runs.map { "\($0.tool) in \($0.directory.resolvingSymlinksInPath().path): " + $0.arguments.joined(separator: " ") }
}

/// `tool in root: arguments`, as `rendered` writes it.
func run(_ tool: String, in root: URL, _ arguments: [String]) -> String {
    "\(tool) in \(root.resolvingSymlinksInPath().path): " + arguments.joined(separator: " ")
}
