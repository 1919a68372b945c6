package import CKSchemaCore
import CKSchemaFiles
import CKSchemaParsing
package import CKSchemaProcess
package import Foundation

/// Reads a schema as it was at a git revision — `git:REVISION:PATH` — through `git show`, without checking
/// anything out or touching the working tree. PATH is relative to the current folder; a folder is listed with
/// `git ls-tree` and each `.yaml`, `.yml` and `.ckdb` file in it is read with `git show`. Each file may be at
/// most `InputFile.schemaSizeLimit` bytes, like a schema file on disk: git is stopped as soon as it writes more,
/// so a huge blob never fills memory.
package struct GitSchemaReader {
    /// How long one git command may take before it is stopped.
    package static let timeout: TimeInterval = 30

    /// The schema argument's prefix.
    package static let prefix = "git:"

    private let git: String

    package init() throws(ServiceError) {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ChildProcess.defaultSearchPath
        guard let git = ChildProcess.locate("git", searchPath: searchPath) else {
            throw .couldNotRun("git is not installed (or not on PATH), so 'git:' schemas cannot be read")
        }
        self.git = git
    }

    /// Splits `git:REVISION:PATH`; `nil` when `argument` does not start with `git:`.
    package static func split(_ argument: String) throws(ServiceError) -> (revision: String, path: String)? {
        guard argument.hasPrefix(prefix) else { return nil }
        let rest = argument.dropFirst(prefix.count)
        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex else {
            throw .couldNotRun("'\(argument)' is not of the form git:REVISION:PATH (for example git:main:schemas)")
        }
        return (String(rest[..<colon]), String(rest[rest.index(after: colon)...]))
    }

    /// The schema files at `path` in `revision`, named `git:REVISION:PATH/file` in diagnostics.
    package func read(revision: String, path: String) throws(ServiceError) -> [SourceFile] {
        try verify(revision: revision, path: path)
        let relative = Self.normalized(path)
        let object = try run(["cat-file", "-t", spec(revision, relative)])
        switch String(decoding: object.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "blob" where object.exitStatus == 0:
            return [try file(revision, relative)]
        case "tree" where object.exitStatus == 0:
            let files = try treeFiles(revision, relative)
            guard !files.isEmpty else {
                throw .couldNotRun("'\(path)' at git revision '\(revision)' holds no .yaml, .yml or .ckdb files")
            }
            return try files.map { (entry) throws(ServiceError) in try file(revision, Self.join(relative, entry)) }
        default:
            throw .couldNotRun("'\(path)' does not exist at git revision '\(revision)'")
        }
    }

    /// Checks that `revision` is a commit of the repository the current folder is in, and `path` relative.
    package func verify(revision: String, path: String) throws(ServiceError) {
        guard !revision.hasPrefix("-") else { throw .couldNotRun("'\(revision)' is not a git revision") }
        guard !path.hasPrefix("/") else {
            throw .couldNotRun("the path in 'git:\(revision):\(path)' must be relative to the current folder")
        }
        guard try run(["rev-parse", "--git-dir"]).exitStatus == 0 else {
            throw .couldNotRun("'git:\(revision):\(path)' needs a git repository, and the current folder is not in one")
        }
        guard try run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]).exitStatus == 0 else {
            throw .couldNotRun("unknown git revision '\(revision)'")
        }
    }

    /// The schema files under a folder of `revision`, relative to it, sorted; hidden entries skipped.
    private func treeFiles(_ revision: String, _ folder: String) throws(ServiceError) -> [String] {
        let listing = try run(["ls-tree", "-r", "-z", "--full-tree", spec(revision, folder)])
        if listing.exceededOutputLimit {
            throw .couldNotRun("'\(folder)' at git revision '\(revision)' lists more than \(Self.outputLimit >> 20) MiB of "
                + "files; name a smaller folder")
        }
        guard listing.exitStatus == 0 else {
            throw .couldNotRun("cannot list '\(folder)' at git revision '\(revision)': \(listing.errorText)")
        }
        // Each entry is `<mode> <type> <object>\t<path>` and ends with NUL.
        let entries = listing.standardOutput.split(separator: 0).compactMap { entry -> String? in
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t"), text[..<tab].split(separator: " ").dropFirst().first == "blob" else {
                return nil
            }
            let path = String(text[text.index(after: tab)...])
            let hidden = path.split(separator: "/").contains { $0.hasPrefix(".") }
            return !hidden && SchemaLoader.language(ofPath: path) != nil ? path : nil
        }
        return entries.sorted()
    }

    /// One file of `revision`, as text.
    private func file(_ revision: String, _ path: String) throws(ServiceError) -> SourceFile {
        let display = "\(Self.prefix)\(revision):\(path)"
        let shown = try run(["--no-pager", "show", spec(revision, path)])
        if shown.exceededOutputLimit || shown.standardOutput.count > InputFile.schemaSizeLimit {
            throw .couldNotRun("'\(display)' is larger than \(InputFile.schemaSizeLimit >> 20) MiB, the limit for a schema file")
        }
        guard shown.exitStatus == 0 else { throw .couldNotRun("cannot read '\(display)': \(shown.errorText)") }
        var bytes = shown.standardOutput[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .couldNotRun("'\(display)' is not UTF-8 text")
        }
        return SourceFile(path: display, text: text)
    }

    /// `REVISION:./PATH`: a path relative to the current folder, as git resolves it.
    package func spec(_ revision: String, _ path: String) -> String {
        "\(revision):./\(path)"
    }

    /// The most output kept of one git command (standard output and error together): a schema file at its
    /// limit, and room for git's messages. Past it, git is stopped.
    package static let outputLimit = InputFile.schemaSizeLimit + 64 * 1024

    /// Runs `git arguments…` in the current folder, with standard input closed, prompts and optional locks
    /// off, the time limit and the output limit.
    package func run(_ arguments: [String], input: Data? = nil, outputLimit: Int = GitSchemaReader.outputLimit) throws(ServiceError)
        -> ChildProcess.Result {
        let options = ChildProcess.Options(
            input: input, environment: .inherited(overriding: ["GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"]),
            timeout: Self.timeout, outputLimit: .stop(afterTotalBytes: outputLimit))
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(git, arguments: arguments, options: options)
        } catch {
            throw .couldNotRun("cannot run git: \(git): \(error.reason)")
        }
        if let failure = result.failure, case .timedOut = failure {
            // Named by its subcommand (`git show`), not by an option before it (`--no-pager`).
            throw .couldNotRun("git \(arguments.first { !$0.hasPrefix("-") } ?? "") \(failure)")
        }
        return result
    }

    /// `path` without `./` prefixes and trailing slashes (`.` and `./` become the current folder, ``).
    package static func normalized(_ path: String) -> String {
        var text = Substring(path)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        return text == "." ? "" : String(text)
    }

    private static func join(_ folder: String, _ entry: String) -> String {
        folder.isEmpty ? entry : "\(folder)/\(entry)"
    }
}

extension ChildProcess.Result {
    /// Standard error as text, trimmed, for messages.
    package var errorText: String {
        String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
