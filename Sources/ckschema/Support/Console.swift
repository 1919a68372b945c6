import Foundation

/// Standard output and error. Only the executable prints.
enum Console {
    /// Writes `text` to standard output as is.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether to color text output: on a terminal, unless `NO_COLOR` is set (https://no-color.org).
    static var useColor: Bool {
        outputIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
    }
}
