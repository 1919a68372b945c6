import CKSchemaTestSupport
import Foundation
import Testing

/// A copy of the repository's example project (schemas, environment snapshots, configuration) in a temporary
/// folder, so deploys can change it.
struct ExampleProject {
    let folder: TemporaryDirectory
    var url: URL { folder.url }

    init() throws {
        folder = try TemporaryDirectory()
        let root = SharedCorpus.repositoryRoot
        for item in ["schemas", "environments", "ckschema.yaml"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: folder.url.appendingPathComponent(item))
        }
    }

    /// The bytes of a file in the project, `nil` when it does not exist.
    func contents(_ relativePath: String) -> Data? {
        FileManager.default.contents(atPath: url.appendingPathComponent(relativePath).path)
    }

    /// Every file of the project with its bytes, to prove that a run changed nothing.
    func state() -> [String: Data] {
        var files: [String: Data] = [:]
        for name in folder.listing() {
            var isFolder: ObjCBool = false
            let path = url.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    /// Runs ckschema in the project.
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) throws
        -> CommandRunner.Result {
        try CommandRunner.run(arguments, in: url, environment: environment, timeout: timeout)
    }

    /// Starts ckschema in the project without waiting for it.
    func launch(_ arguments: [String], environment: [String: String]) throws -> LaunchedProgram {
        try CommandRunner.launch(arguments, in: url, environment: environment)
    }

    /// Adds the field `emoji` STRING to `Category` (line 12 of schemas/Category.yaml).
    func addField() throws {
        try edit("schemas/Category.yaml") {
            $0.replacing("      isArchived: { type: bool, default: false }\n",
                         with: "      isArchived: { type: bool, default: false }\n      emoji:      string\n")
        }
    }

    /// Rewrites one file of the project. An edit that changes nothing fails the test: the example moved on and
    /// the test no longer sets up what it says it does.
    func edit(_ relativePath: String, _ change: (String) -> String,
              sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws {
        let file = url.appendingPathComponent(relativePath)
        let original = try String(contentsOf: file, encoding: .utf8)
        let changed = change(original)
        #expect(changed != original, "editing \(relativePath) changed nothing", sourceLocation: sourceLocation)
        try changed.write(to: file, atomically: true, encoding: .utf8)
    }
}

/// A fake `cktool` for the cktool backend: a shell script that records each call (its arguments, its
/// environment, the schema file it was given) in a log folder outside the project, and behaves as each
/// subcommand's mode says.
///
/// Modes, set per subcommand with `FAKE_MODE_<subcommand with _ for ->` (or for all with `FAKE_MODE`):
/// `ok` (export copies `FAKE_EXPORT` to `--output-file`), `fail` (prints the token on standard error and exits 1),
/// `hang` (sleeps 30 seconds in a child process), `junk` (prints and exports junk, exits 0), `invalid` (prints
/// cktool's validation failure text, exits 0), `kill` (kills itself with SIGKILL), `slow` (sleeps 1.5 seconds,
/// then `ok`), `nofile` (exits 0 without writing the export), `sleep` (sleeps `FAKE_SLEEP` seconds, then `ok`),
/// `marked` (prints the token followed by a combining mark on standard error, exits 1), `leak` (exports a schema
/// whose comment holds the token), `sabotage` (replaces the file `FAKE_SABOTAGE` with a folder, then `ok`).
struct FakeCKTool {
    static let token = "ckmt-0123456789abcdef-SECRET-TOKEN"

    let folder: TemporaryDirectory
    var script: URL { folder.url.appendingPathComponent("cktool") }
    var log: URL { folder.url.appendingPathComponent("log") }

    init(export: String? = nil) throws {
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
        try folder.write(Self.source, to: "cktool")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        if let export { try folder.write(export, to: "export.ckdb") }
    }

    /// The environment that points ckschema at the fake, with the token and `modes` (`["import-schema": "fail"]`).
    func environment(_ modes: [String: String] = [:], token: String? = FakeCKTool.token) -> [String: String] {
        var variables = ["CKTOOL": script.path, "FAKE_LOG": log.path,
                         "FAKE_EXPORT": folder.url.appendingPathComponent("export.ckdb").path,
                         "CLOUDKIT_MANAGEMENT_TOKEN": token ?? ""]
        for (subcommand, mode) in modes {
            variables["FAKE_MODE_" + subcommand.replacing("-", with: "_")] = mode
        }
        return variables
    }

    /// One recorded call.
    struct Call {
        let arguments: [String]
        /// The environment the fake saw, `NAME=value` lines.
        let environment: String
        /// The schema file it was given with `--file`, if any.
        let schema: String?

        var subcommand: String? { arguments.first }
    }

    /// The calls made so far, in order.
    func calls() throws -> [Call] {
        let names = (try FileManager.default.contentsOfDirectory(atPath: log.path)).filter { $0.hasSuffix(".argv") }
        return try names.sorted { Int($0.split(separator: ".")[0]) ?? 0 < Int($1.split(separator: ".")[0]) ?? 0 }.map { name in
            let stem = String(name.dropLast(".argv".count))
            let arguments = try String(contentsOf: log.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            let environment = try String(contentsOf: log.appendingPathComponent(stem + ".env"), encoding: .utf8)
            let schema = try? String(contentsOf: log.appendingPathComponent(stem + ".file"), encoding: .utf8)
            return Call(arguments: arguments, environment: environment, schema: schema)
        }
    }

    static let source = #"""
        #!/bin/bash
        # A fake cktool for ckschema's tests.
        n=$(ls "$FAKE_LOG" | grep -c '\.argv$')
        n=$((n + 1))
        env > "$FAKE_LOG/$n.env"
        printf '%s\n' "$@" > "$FAKE_LOG/$n.argv.tmp" && mv "$FAKE_LOG/$n.argv.tmp" "$FAKE_LOG/$n.argv"
        sub="$1"
        output=""
        while [ $# -gt 0 ]; do
          case "$1" in
            --file) cp "$2" "$FAKE_LOG/$n.file"; shift ;;
            --output-file) output="$2"; shift ;;
          esac
          shift
        done
        var="FAKE_MODE_${sub//-/_}"
        mode="${!var:-${FAKE_MODE:-ok}}"
        case "$mode" in
          fail) echo "error: the server refused the request for token $CLOUDKIT_MANAGEMENT_TOKEN" >&2; exit 1 ;;
          hang) sleep 30 & wait; exit 0 ;;
          kill) kill -9 $$ ;;
          junk) echo "<html>502 Bad Gateway $CLOUDKIT_MANAGEMENT_TOKEN</html>"
                if [ -n "$output" ]; then printf 'HTTP/1.1 502 Bad Gateway\n<html>oops</html>\n' > "$output"; fi
                exit 0 ;;
          invalid) echo '❌ Schema validation failed: Encountered " <IDENTIFIER> "BADTYPE "" at line 6, column 25.'; exit 0 ;;
          nofile) exit 0 ;;
          slow) sleep 1.5 ;;
          sleep) sleep "${FAKE_SLEEP:-3}" ;;
          marked) printf 'error: token %s\xcc\x81 was refused\n' "$CLOUDKIT_MANAGEMENT_TOKEN" >&2; exit 1 ;;
          leak) printf 'DEFINE SCHEMA\n    -- %s\n' "$CLOUDKIT_MANAGEMENT_TOKEN" > "$output"; exit 0 ;;
          sabotage) rm -f "$FAKE_SABOTAGE"; mkdir -p "$FAKE_SABOTAGE/x" ;;
        esac
        case "$sub" in
          validate-schema) echo "✅ Schema is valid." ;;
          export-schema) cp "$FAKE_EXPORT" "$output" ;;
        esac
        exit 0
        """#
}
