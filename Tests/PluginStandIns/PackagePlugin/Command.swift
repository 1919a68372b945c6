public import Foundation

/// A command a build-tool plugin declares (`PackagePlugin.Command`).
public enum Command {
    /// Runs when an input is newer than an output (or an output is missing); the outputs are compiled or bundled.
    case buildCommand(displayName: String?, executable: URL, arguments: [String], environment: [String: String] = [:],
                      inputFiles: [URL] = [], outputFiles: [URL] = [])
    /// Runs before every build; whatever it writes into the folder is used.
    case prebuildCommand(displayName: String?, executable: URL, arguments: [String],
                         environment: [String: String] = [:], outputFilesDirectory: URL)
}
