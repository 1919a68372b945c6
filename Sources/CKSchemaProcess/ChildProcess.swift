import Foundation

/// Runs one program as a child process and waits for it: the one way ckschema starts a process (external
/// generators, `git`, `cktool`).
///
/// The program is started with `posix_spawn` — never through a shell, so no argument is ever interpreted — as
/// the leader of a new process group, with default signal dispositions, an empty signal mask and none of
/// ckschema's descriptors but its three standard streams (and `Options.inheritedDescriptor` as descriptor 3).
/// Standard input is `Options.input`, written while the outputs are read so a program that never reads it
/// cannot block the call, or `/dev/null`. Both outputs are captured within `Options.outputLimit`, which every
/// caller states. A time limit stops the whole group: `SIGTERM`, then `SIGKILL` after a
/// grace period, so that whatever the program started stops too — and, on Linux, so do the descendants that
/// left the group (`EscapedDescendants`).
///
/// Foundation's `Process` is not used, here or in the tests: on Linux it reports a program's end only once every
/// process holding its output has closed it, and its process-group behavior differs between platforms. (The
/// SwiftPM plugins under `Plugins/` are the one exception: they cannot link this module.)
package enum ChildProcess {
    /// The search path used when the environment has no `PATH`.
    package static let defaultSearchPath = "/usr/bin:/bin"

    /// Runs `executable` with `arguments` and waits until it has ended and its outputs are read.
    ///
    /// `executable` is a path when it contains a slash, else a name looked up in the `PATH` of the environment
    /// the program will get (`defaultSearchPath` when it has none); a relative path is taken in
    /// `Options.workingDirectory` when one is given. Running out of time or over the output limit is not an
    /// error: the result says so (`Result.failure` words it). Only a program that could not be started throws.
    package static func run(_ executable: String, arguments: [String] = [],
                           options: Options) throws(LaunchError) -> Result {
        var variables = options.environment.variables
        let path: String
        if executable.contains("/") {
            path = executable
        } else {
            let searchPath = variables["PATH"] ?? defaultSearchPath
            guard let found = locate(executable, searchPath: searchPath) else {
                throw .notFound(name: executable, searchPath: searchPath)
            }
            path = found
        }
        let marker = EscapedDescendants.newMarker()
        variables[EscapedDescendants.variable] = marker
        let pipes = try ChildPipes.make(withInput: options.input != nil)
        let pid: Int32
        do {
            pid = try Spawner.spawn(path, arguments: arguments, environment: variables, pipes: pipes,
                                    inheriting: options.inheritedDescriptor, in: options.workingDirectory)
        } catch {
            pipes.closeAll()
            throw error
        }
        pipes.closeChildEnds()
        let watcher = ExitWatcher(pid: pid, notifying: pipes.exit)
        options.onStart?(pid)
        var supervisor = Supervisor(pid: pid, pipes: pipes, watcher: watcher, options: options, marker: marker)
        return supervisor.run()
    }

    /// The directories where ckschema's executables look for their companions (`ckschema-NAME`,
    /// `ckschema-check-code`), in order: the one holding this executable, then `PATH`.
    package static var besideThisExecutableThenPath: String {
        let own = executablePath.map { ($0 as NSString).deletingLastPathComponent }
        return ([own].compactMap { $0 } + [ProcessInfo.processInfo.environment["PATH"] ?? ""]).joined(separator: ":")
    }

    /// This executable's real path (`/proc/self/exe` on Linux; `argv[0]` resolved elsewhere).
    private static var executablePath: String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return Bundle.main.executablePath
    }

    /// The executable file `name` stands for: `name` itself when it contains a slash, else the first match in
    /// the directories of `searchPath` (a `PATH` value; empty entries are skipped rather than meaning the current
    /// directory). Directories and files without execute permission never match; `nil` when nothing does.
    package static func locate(_ name: String, searchPath: String?) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a file (not a directory) this process may execute.
    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
