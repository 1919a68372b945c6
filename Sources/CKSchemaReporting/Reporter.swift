package import CKSchemaCore
import CKSchemaRules

/// Turns diagnostics into one output format. Reporters return text; the executable prints it.
package protocol Reporter: Sendable {
    /// Renders `diagnostics` (already sorted) for output.
    func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String
}

/// What a reporter may need besides the diagnostics.
package struct ReportContext: Sendable {
    /// The files read, by path, for quoting the offending line.
    package var sources: [String: SourceFile]
    /// Descriptions of the rules that may appear (SARIF rule metadata, help text).
    package var rules: [RuleDescription]
    /// Whether to color the text output (only on a terminal, never when `NO_COLOR` is set).
    package var useColor: Bool
    /// The tool's version, for SARIF.
    package var toolVersion: String

    package init(sources: [SourceFile] = [], rules: [RuleDescription] = LintRules.descriptions, useColor: Bool = false,
                toolVersion: String = CKSchemaVersion.current) {
        self.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.rules = rules
        self.useColor = useColor
        self.toolVersion = toolVersion
    }
}

/// The output formats every findings-reporting command accepts with `--format`.
package enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    case github
    case sarif

    /// The reporter for this format.
    package var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter()
        }
    }
}

/// The version ckschema reports (SARIF `tool.driver.version`, `--version`).
package enum CKSchemaVersion {
    package static let current = "0.1.0"
}
