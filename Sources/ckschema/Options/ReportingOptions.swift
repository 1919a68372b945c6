import ArgumentParser
import CKSchemaCore
package import CKSchemaReporting

extension ReportFormat: ExpressibleByArgument {}

/// `--format` and `--strict`, shared by every command that reports findings.
struct ReportingOptions: ParsableArguments {
    @Option(name: .long, help: "Output format: text, json, github (Actions annotations) or sarif.")
    var format: ReportFormat = .text

    @Flag(name: .long, help: "Treat warnings as errors: any warning makes the exit status 1.")
    var strict = false

    /// Whether `diagnostics` should fail the run.
    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// Prints `diagnostics` in the chosen format to standard output.
    func report(_ diagnostics: [Diagnostic], sources: [SourceFile], context: ReportContext = ReportContext()) {
        var context = context
        context.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        context.useColor = format == .text && Console.useColor
        let text = format.reporter.render(diagnostics, context: context)
        switch format {
        case .text where context.useColor: Console.outputColored(text)
        case .json, .sarif: Console.output(text, style: .json)
        default: Console.output(text)
        }
    }
}
