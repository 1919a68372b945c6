import ArgumentParser
import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import CKSchemaReporting
import Foundation

/// `ckschema-check-code read-models [PATH…]`: the SwiftData models of the Swift code under PATHs, as one
/// `DataModelReadResult` in JSON on standard output, for `ckschema` (which must not build swift-syntax) to
/// read. Exit status 0 when the code was read, whatever it holds (problems are in the JSON's diagnostics);
/// 2 with one sentence on standard error when it cannot run (a path that does not exist, a file that is not
/// Swift).
struct ReadModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckschema-check-code read-models",
        abstract: "Print the SwiftData models of Swift code as JSON (for ckschema check-models and models: sources).",
        version: CKSchemaVersion.current
    )

    @Argument(help: "Swift files or folders (default: the current folder).")
    var paths: [String] = []

    func run() throws {
        let result: DataModelReadResult
        do {
            result = try SwiftDataModelReader.read(paths: paths.isEmpty ? ["."] : paths)
        } catch {
            throw Output.couldNotRun(error.description)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(result)
        } catch {
            throw Output.couldNotRun("the models could not be written as JSON: \(error)")
        }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Whether the arguments ask for this mode (its name first); otherwise they are check-code's.
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments.first == "read-models"
    }
}
