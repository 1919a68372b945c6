package import CKSchemaApp
package import CKSchemaCore
import CKSchemaFiles
import CKSchemaProcess
import Foundation

/// Reads an app's Swift code for `ckschema doctor` through `ckschema-check-code app-facts PATH…` (swift-syntax
/// lives only there): the facts, or a note saying why the code was not read, so that the configuration rules
/// still run without them.
package enum AppCodeFactsRunner {
    /// The Swift files doctor reads among the app's files: not tests (a test's container is not the app's),
    /// not the package manifest.
    package static func swiftFiles(_ files: [String]) -> [String] {
        files.filter { path in
            guard path.hasSuffix(".swift"), !path.hasSuffix("Package.swift") else { return false }
            return !path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") }
        }
    }

    /// The Swift files `findings` point into, read for the reporters to quote and for `// ckschema:disable-next-line`
    /// comments; a file that cannot be read any more is left out (its findings still print, without the line).
    package static func sources(of findings: [Diagnostic]) -> [SourceFile] {
        let paths = Set(findings.compactMap { $0.location?.file }.filter { $0.hasSuffix(".swift") })
        return paths.sorted().compactMap { path in
            guard let bytes = try? InputFile.read(path, limit: 4 << 20), let text = String(validating: bytes, as: UTF8.self) else { return nil }
            return SourceFile(path: path, text: text)
        }
    }

    /// The facts of `paths` (Swift files as reports show them), or `nil` and a note.
    package static func read(_ paths: [String]) -> (facts: AppCodeFacts?, notes: [Diagnostic]) {
        guard !paths.isEmpty else { return (nil, []) }
        func note(_ reason: String) -> (facts: AppCodeFacts?, notes: [Diagnostic]) {
            (nil, [Diagnostic(id: AppReadDiagnostics.codeNotRead, severity: .note,
                              message: "the app's Swift code was not read (\(reason)): the rules about what the code "
                                + "does are silent; the configuration rules still ran")])
        }
        guard let program = ModelSchemaReader.locateCheckCode() else {
            return note("ckschema-check-code is neither beside ckschema nor on PATH; build it with: swift build "
                + "--product ckschema-check-code")
        }
        let options = ChildProcess.Options(timeout: ModelSchemaReader.timeout,
                                           outputLimit: .stop(afterTotalBytes: ModelSchemaReader.outputLimit))
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(program, arguments: ["app-facts", "--format", "json"] + paths, options: options)
        } catch {
            return note("cannot run \(program): \(error.reason)")
        }
        if let failure = result.failure {
            let said = String(decoding: result.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return note("ckschema-check-code app-facts \(failure)" + (said.isEmpty ? "" : ": \(said)"))
        }
        do {
            return (try JSONDecoder().decode(AppCodeFacts.self, from: result.standardOutput), [])
        } catch {
            return note("ckschema-check-code app-facts answered something that is not the app's code facts; are ckschema "
                + "and ckschema-check-code from the same build?")
        }
    }
}
