import CKSchemaCore
import CKSchemaDeploy
import Foundation

/// Standard output and error. Only the executable prints, and everything it prints passes through here:
///
/// - **scrubbed** of the CloudKit management token (`SecretScrubber`), whatever produced the text — a quoted
///   source line, a backend's message, a record's data;
/// - **escaped** for the terminal (`TerminalText`): control characters, C1 controls and bidi overrides that came
///   from input are written as visible escapes, in JSON documents as JSON escapes. Text that carries ckschema's
///   own colors (`outputColored`) was escaped where it was rendered.
enum Console {
    /// Writes `text` to standard output, scrubbed and escaped in `style`.
    static func output(_ text: String, style: TerminalText.Style = .readable) {
        FileHandle.standardOutput.write(Data(safe(text, style: style).utf8))
    }

    /// Writes text that holds ckschema's own color codes, its input already escaped by the renderer (the text
    /// reporter), scrubbed.
    static func outputColored(_ text: String) {
        FileHandle.standardOutput.write(Data(scrub(text).utf8))
    }

    /// Writes a command's product (a converted schema) to standard output: scrubbed, and escaped only when
    /// standard output is a terminal (in a pipe or a file, its bytes are the product).
    static func outputProduct(_ text: String) {
        FileHandle.standardOutput.write(Data((outputIsTerminal ? safe(text) : scrub(text)).utf8))
    }

    /// Writes `text` and a newline to standard error, scrubbed and escaped.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(safe(text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes text that holds ckschema's own color codes to standard error (see `outputColored`).
    static func errorColored(_ text: String) {
        FileHandle.standardError.write(Data(scrub(text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// `text` scrubbed of the token, then escaped: safe to show.
    static func safe(_ text: String, style: TerminalText.Style = .readable) -> String {
        TerminalText.escape(scrub(text), style: style)
    }

    /// The scrubber of the management token in ckschema's environment, when it holds a usable one.
    static let scrubber: SecretScrubber? = ProcessInfo.processInfo.environment[CKToolRunner.tokenVariable]
        .flatMap(SecretScrubber.init(secret:))

    private static func scrub(_ text: String) -> String {
        scrubber?.scrub(text) ?? text
    }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether to color text output: on a terminal, unless `NO_COLOR` is set (https://no-color.org).
    static var useColor: Bool {
        outputIsTerminal && colorAllowed
    }

    /// Whether to color text written to standard error (the same rule, for its own terminal).
    static var useColorOnStandardError: Bool {
        errorIsTerminal && colorAllowed
    }

    /// Whether `NO_COLOR` is unset or empty.
    private static var colorAllowed: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
    }
}
