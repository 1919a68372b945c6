import ArgumentParser
import CKSchemaApp
import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaReporting
import Foundation

/// `ckschema-check-code app-facts [PATH…]`: what the app's Swift code says about CloudKit (containers named,
/// default-container uses, sync styles, markers, code-practice findings) as one `AppCodeFacts` in JSON on
/// standard output, for `ckschema doctor` (which must not build swift-syntax) to judge next to the
/// entitlements. Exit status 0 when the code was read, whatever it holds; notes about files skipped go to
/// standard error; 2 with one sentence on standard error when it cannot run.
struct AppFactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckschema-check-code app-facts",
        abstract: "Print what an app's Swift code says about CloudKit as JSON (for ckschema doctor).",
        version: CKSchemaVersion.current
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "Swift files or folders (default: the current folder).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format: json (AppCodeFacts, for doctor) or text (one fact a line).")
    var format: Format = .json

    func run() throws {
        let result: AppFactsReadResult
        do {
            result = try AppFactsReader.read(paths: paths.isEmpty ? ["."] : paths)
        } catch {
            throw Output.couldNotRun(error.description)
        }
        if !result.diagnostics.isEmpty {
            Output.diagnosticsToStandardError(result.diagnostics, sources: [])
        }
        switch format {
        case .text:
            Output.standardOutput(Self.listing(result.facts))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                Output.standardOutput(String(decoding: try encoder.encode(result.facts), as: UTF8.self) + "\n")
            } catch {
                throw Output.couldNotRun("the facts could not be written as JSON: \(error)")
            }
        }
    }

    /// `path:line:column<TAB>kind<TAB>detail`, one fact a line, in the order read.
    static func listing(_ facts: AppCodeFacts) -> String {
        var lines = facts.containers.map { "\($0.location)\tcontainer\t\($0.identifier) (\($0.use.rawValue))" }
        lines += facts.defaultContainerUses.map { "\($0.location)\tdefault-container\t\($0.use.rawValue)" }
        lines += facts.syncStyles.map { "\($0.location)\tsync\t\($0.style.rawValue)" }
        lines += facts.markers.map { "\($0.location)\tmarker\t\($0.kind.rawValue)" }
        lines += facts.practices.map { "\($0.location)\t\($0.rule)\t\($0.message)" }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Whether the arguments ask for this mode (its name first).
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments.first == "app-facts"
    }
}
