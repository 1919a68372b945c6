import CKSchemaProcess
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema --generate-completion-script bash|zsh|fish`: every shell's script offers every subcommand the tool
/// has, and the bash script completes them when bash runs it.
@Suite struct CompletionScriptTests {
    /// The subcommand names, from the tool's own description of itself.
    static func subcommands() throws -> [String] {
        struct Help: Decodable {
            struct Command: Decodable {
                let commandName: String
                let subcommands: [Command]?
            }
            let command: Command
        }
        let result = try CommandRunner.run(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result.standardError)")
        let help = try JSONDecoder().decode(Help.self, from: Data(result.standardOutput.utf8))
        return (help.command.subcommands ?? []).map(\.commandName)
    }

    /// How each shell's script declares a subcommand it offers.
    static let declarations: [(shell: String, declaration: @Sendable (String) -> String)] = [
        ("bash", { "_ckschema_\($0)()" }),
        ("zsh", { "'\($0):" }),
        ("fish", { "-fa '\($0)'" }),
    ]

    @Test(arguments: declarations.map(\.shell))
    func scriptOffersEverySubcommand(shell: String) throws {
        let names = try Self.subcommands()
        #expect(names.contains("lint") && names.contains("deploy") && names.count >= 9, "\(names)")
        let result = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.standardError)")
        let declaration = try #require(Self.declarations.first { $0.shell == shell }?.declaration)
        for name in names {
            #expect(result.standardOutput.contains(declaration(name)), "\(shell) script does not offer '\(name)'")
        }
    }

    @Test func bashCompletesSubcommands() throws {
        let folder = try TemporaryDirectory()
        let script = try CommandRunner.run(["--generate-completion-script", "bash"])
        let path = try folder.write(script.standardOutput, to: "ckschema.bash")
        let completions = try Self.bashCompletions(script: path.path, line: "ckschema ")
        #expect(Set(try Self.subcommands()).isSubset(of: Set(completions)), "\(completions)")
        #expect(try Self.bashCompletions(script: path.path, line: "ckschema dr") == ["drift"])
    }

    /// What bash offers for `line` after sourcing `script`, called as bash's completion system calls it
    /// (`COMP_*` set; the command, the current word and the previous word as arguments).
    static func bashCompletions(script: String, line: String) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        let program = """
            source "$1"
            COMP_LINE=\"\(line)\"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(words.joined(separator: " ")))
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _ckschema ckschema "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ChildProcess.run("bash", arguments: ["-c", program, "bash", script],
                                          options: .init(timeout: 30, outputLimit: CommandRunner.outputLimit))
        #expect(result.exitStatus == 0, "\(String(decoding: result.standardError, as: UTF8.self))")
        return String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
