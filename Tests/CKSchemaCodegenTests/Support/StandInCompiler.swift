import CKSchemaProcess
import Foundation

/// Runs `swiftc` over generated files against the CloudKit / Core Location stand-in modules that the test
/// build produced, in Swift 6 mode with the package's upcoming features.
struct StandInCompiler {
    /// The folder holding `CloudKit.swiftmodule` and `CoreLocation.swiftmodule`.
    let modules: URL

    /// What one compiler run said.
    struct Output {
        /// The exit status (`nil` when the compiler did not exit normally).
        let status: Int32?
        /// Standard output and standard error together.
        let text: String
    }

    /// What is kept of the compiler's output: the first 4 MiB of each stream, more than any diagnostic needs.
    static let outputLimit = ChildProcess.OutputLimit.keepFirst(bytesPerStream: 4 << 20)

    /// The language mode and features the package builds with.
    static let languageFlags = [
        "-swift-version", "6",
        "-enable-upcoming-feature", "ExistentialAny",
        "-enable-upcoming-feature", "InternalImportsByDefault",
        "-enable-upcoming-feature", "MemberImportVisibility",
    ]

    /// Finds the stand-in modules beside the test bundle; `nil` where they are not built (Apple platforms).
    static func find() -> StandInCompiler? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("CloudKit.swiftmodule").path) {
                return StandInCompiler(modules: candidate)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Type-checks `files` as one module and returns the exit status and the compiler's output.
    func typeCheck(_ files: [String]) throws -> (status: Int32, output: String) {
        let output = try run(["-wmo", "-typecheck"] + Self.languageFlags + ["-I", modules.path] + files)
        return (output.status ?? -1, output.text)
    }

    /// Compiles `files` into the module `name` (its `.swiftmodule` only) in `folder`, for other code to import.
    func emitModule(_ name: String, from files: [String], into folder: URL) throws -> Output {
        try run(["-parse-as-library", "-wmo", "-emit-module", "-module-name", name,
                 "-emit-module-path", folder.appendingPathComponent(name + ".swiftmodule").path]
                + Self.languageFlags + ["-I", modules.path] + files)
    }

    /// Type-checks `file` alone, importing the modules in `folder` and the stand-ins.
    func typeCheck(_ file: String, importing folder: URL) throws -> Output {
        try run(["-typecheck"] + Self.languageFlags + ["-I", folder.path, "-I", modules.path, file])
    }

    private func run(_ arguments: [String]) throws -> Output {
        let result = try ChildProcess.run("swiftc", arguments: arguments,
                                          options: ChildProcess.Options(timeout: 600, outputLimit: Self.outputLimit))
        let text = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        return Output(status: result.exitStatus, text: text)
    }
}
