import CKSchemaCore
import CKSchemaProcess
import Foundation

/// `ckschema NAME …` for a NAME that is not built in: runs `ckschema-NAME` found beside the `ckschema`
/// executable, else on `PATH`, with the remaining arguments — as git, cargo and kubectl do. This is how
/// `ckschema check-code` runs `ckschema-check-code`, which depends on swift-syntax, so `ckschema` itself
/// never builds it.
///
/// The subcommand replaces this process (`execv`): it inherits the terminal, standard streams, signals
/// and exit status as if it had been run directly. No child process is started.
enum ExternalSubcommand {
    /// The directories searched, in order: the one holding this executable, then `PATH`.
    static var searchPath: String { ChildProcess.besideThisExecutableThenPath }

    /// The executable for subcommand `name`, if one is installed.
    static func locate(_ name: String) -> String? {
        ChildProcess.locate("ckschema-\(name)", searchPath: searchPath)
    }

    /// The external subcommands found (`ckschema-NAME` executables; `ckschema-gen-NAME` generators are
    /// run by `ckschema generate NAME` instead), each with where it is, first match winning.
    static func installed() -> [(name: String, path: String)] {
        var found: [String: String] = [:]
        for directory in searchPath.split(separator: ":").map(String.init) where !directory.isEmpty {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                guard file.hasPrefix("ckschema-"), !file.hasPrefix("ckschema-gen-"), !file.contains("."),
                      found[String(file.dropFirst(9))] == nil else { continue }
                let path = (directory as NSString).appendingPathComponent(file)
                if FileManager.default.isExecutableFile(atPath: path) { found[String(file.dropFirst(9))] = path }
            }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The lines `ckschema --help` adds about external subcommands.
    static var helpText: String {
        let commands = installed()
        guard !commands.isEmpty else {
            return "External subcommands: none found (ckschema-NAME beside ckschema or on PATH; "
                + "check-code: swift build --product ckschema-check-code)."
        }
        return "External subcommands (ckschema NAME runs ckschema-NAME): "
            + commands.map(\.name).joined(separator: ", ") + "."
    }

    /// Replaces this process with `ckschema-name arguments…`; returns only when that is impossible, with the
    /// reason (exit 2).
    static func run(_ name: String, arguments: [String], builtIns: [String]) -> CommandFailure {
        guard let path = locate(name) else {
            var message = "'\(name)' is not a ckschema command, and no 'ckschema-\(name)' was found beside ckschema "
                + "or on PATH"
            if name == "check-code" {
                message += "; build it with 'swift build --product ckschema-check-code' (it is placed beside "
                    + "ckschema in .build/debug), or install it on PATH with "
                    + "'swift build -c release --product ckschema-check-code && cp .build/release/ckschema-check-code /usr/local/bin/'"
            } else {
                message += Spelling.didYouMean(Spelling.closest(name, among: builtIns + installed().map(\.name)))
            }
            return .couldNotRun(message)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        return .couldNotRun("cannot run '\(path)': \(String(cString: strerror(errno)))")
    }
}
