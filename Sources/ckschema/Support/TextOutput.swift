import CKSchemaCore
import CKSchemaReporting

/// Prints diagnostics in the text format to standard error, for commands whose standard output carries
/// their product (convert, generate) or for configuration problems.
enum TextOutput {
    static func printToStandardError(_ diagnostics: [Diagnostic], sources: [SourceFile]) {
        let context = ReportContext(sources: sources, useColor: Console.useColorOnStandardError)
        let text = TextReporter().render(Diagnostic.sortedForOutput(diagnostics), context: context)
        if context.useColor { Console.errorColored(text) } else { Console.error(text) }
    }
}
