import Foundation

/// Stand-ins for `ckschema` and `ckschema-check-code`: shell scripts that append their name, working directory
/// and arguments to a log and exit 0 — or 1 when an argument names a file called `Broken…`, to test failures.
struct RecordingTool {
    let folder: URL
    let log: URL

    init(in folder: URL) throws {
        self.folder = folder
        log = folder.appendingPathComponent("runs.log")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            status=0
            {
                printf 'tool=%s\\n' "$(basename "$0")"
                printf 'cwd=%s\\n' "$(pwd -P)"
                for argument in "$@"; do
                    printf 'arg=%s\\n' "$argument"
                    case $argument in */Broken*) status=1 ;; esac
                done
                printf 'end\\n'
            } >> '\(log.path)'
            exit $status

            """
        for name in ["ckschema", "ckschema-check-code"] {
            let file = folder.appendingPathComponent(name)
            try Data(script.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
    }

    /// The tools a plugin context offers.
    var tools: [String: URL] {
        ["ckschema": folder.appendingPathComponent("ckschema"),
         "ckschema-check-code": folder.appendingPathComponent("ckschema-check-code")]
    }

    /// What ran, in order; the log is emptied, so that the next entry point starts afresh.
    func takeRuns() throws -> [ToolInvocation] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        try FileManager.default.removeItem(at: log)
        var runs: [ToolInvocation] = []
        var tool = ""
        var directory = ""
        var arguments: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("tool=") { tool = String(line.dropFirst(5)); arguments = [] }
            if line.hasPrefix("cwd=") { directory = String(line.dropFirst(4)) }
            if line.hasPrefix("arg=") { arguments.append(String(line.dropFirst(4))) }
            if line == "end" {
                runs.append(ToolInvocation(tool: tool, arguments: arguments, directory: URL(fileURLWithPath: directory)))
            }
        }
        return runs
    }
}
