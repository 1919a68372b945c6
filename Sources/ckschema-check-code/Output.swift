import ArgumentParser
import CKSchemaCore
import CKSchemaReporting
import Foundation

/// Standard output and error of `ckschema-check-code`. Only this executable prints.
enum Output {
    static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Diagnostics in the text format on standard error (configuration and schema problems).
    static func diagnosticsToStandardError(_ diagnostics: [Diagnostic], sources: [SourceFile]) {
        let context = ReportContext(sources: sources, useColor: false)
        FileHandle.standardError.write(Data(TextReporter().render(Diagnostic.sortedForOutput(diagnostics), context: context).utf8))
    }

    /// Prints `error: message` on standard error and returns the exit-2 error to throw.
    static func couldNotRun(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(2)
    }

    /// Color on a terminal unless `NO_COLOR` is set.
    static var useColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) != false
    }
}
