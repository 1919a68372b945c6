import Foundation

/// Stand-ins for `ckschema` and `ckschema-check-code`: shell scripts that append their name, working directory
/// and arguments to a log and exit 0 — or 1 when an argument names a file called `Broken…`, to test failures.
/// A reply set with `reply(_:status:)` is printed on standard output, with that exit status, instead.
struct RecordingTool {
    let folder: URL
    let log: URL
    private let replyFile: URL

    init(in folder: URL) throws {
        self.folder = folder
        log = folder.appendingPathComponent("runs.log")
        replyFile = folder.appendingPathComponent("reply")
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
            if [ -f '\(replyFile.path)' ]; then
                cat '\(replyFile.path)'
                status=$(cat '\(replyFile.path).status')
            fi
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

    /// Makes every later run print `output` and exit with `status` (a tool that reports, such as doctor).
    func reply(_ output: String, status: Int32) throws {
        try Data(output.utf8).write(to: replyFile)
        try Data("\(status)\n".utf8).write(to: replyFile.appendingPathExtension("status"))
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
