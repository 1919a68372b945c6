import Foundation

/// Asks the person at the terminal to confirm a deploy — only when both standard input and standard error are
/// terminals, so a CI job is never left waiting on a prompt: there, `--yes` is the confirmation.
enum Confirmation {
    /// Returns when `question` was answered yes; throws when it was not, or when nobody can be asked.
    static func require(_ question: String) throws(CommandFailure) {
        guard isatty(STDIN_FILENO) == 1, Console.errorIsTerminal else {
            throw .couldNotRun("not applied: confirm with --yes (ckschema asks only when standard input and standard "
                + "error are a terminal)")
        }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            throw .rejected("not applied: the deploy was not confirmed")
        }
    }
}
