import CKSchemaCore
import CKSchemaDiff
import CKSchemaModels
import CKSchemaRules

/// The Markdown format of `ckschema diff`, for a pull-request comment: a verdict, a table with one row per
/// change, then the findings.
enum DiffMarkdownRenderer {
    static func render(_ report: DiffReport) -> String {
        var output = "### ckschema diff: `\(code(report.baseline.name))` → `\(code(report.candidate.name))`\n\n"
        let notes = report.notes.map { "> \(cell($0))\n" }.joined()
        guard !report.changes.isEmpty else {
            output += "No changes: the candidate is the same schema as the baseline.\n"
            if !notes.isEmpty { output += "\n" + notes }
            return output + modelChanges(report)
        }
        output += report.changes.isDeployable
            ? "✅ **Deployable** — \(report.counts).\n\n"
            : "❌ **Not deployable** — \(report.counts). Production refuses the breaking changes.\n\n"
        if !notes.isEmpty { output += notes + "\n" }
        output += "| | record type | change | baseline | candidate |\n|---|---|---|---|---|\n"
        for classified in report.changes.changes {
            let change = classified.change
            // Typed one by one: as one array literal of `??` and closures, this took seconds to type-check.
            let recordType: String = change.recordType.map { "`\(code($0))`" } ?? "—"
            let baseline: String = change.baselineLocation.map { "`\(code($0.description))`" } ?? ""
            let candidate: String = change.candidateLocation.map { "`\(code($0.description))`" } ?? ""
            let cells: [String] = [
                mark(classified.classification), recordType, "\(change.action.symbol) \(cell(change.summary))",
                baseline, candidate,
            ]
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let findings = report.changes.findings
        if !findings.isEmpty {
            output += "\n#### Findings\n\n"
            for finding in findings {
                let place = finding.location.map { " (`\(code($0.description))`)" } ?? ""
                output += "- **\(finding.severity.rawValue)** `\(finding.id)`\(place): \(cell(finding.message))\n"
            }
        }
        output += modelChanges(report)
        let hints = report.changes.changes.flatMap(\.change.hints)
        if !hints.isEmpty {
            output += "\n#### Notes\n\n" + hints.map { "- \(cell($0))\n" }.joined()
        }
        return output
    }

    /// The model changes between two models, when there are any (they may change no CloudKit field).
    private static func modelChanges(_ report: DiffReport) -> String {
        guard !report.modelChanges.isEmpty else { return "" }
        return "\n#### Model changes\n\n"
            + report.modelChanges.map { "- `\(code($0.recordType))`: \(cell($0.change.description))\n" }.joined()
    }

    private static func mark(_ classification: ChangeClassification) -> String {
        switch classification {
        case .breaking: "❌ breaking"
        case .warning: "⚠️ warning"
        case .safe: "✅ safe"
        }
    }

    /// Text safe inside a table cell: pipes escaped, line breaks as spaces, and angle brackets as entities
    /// (GitHub would otherwise take `LIST<INT64>` for an HTML tag and hide it).
    private static func cell(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    /// Text safe inside a code span of a table cell, where entities are not decoded: pipes escaped, line
    /// breaks as spaces, backticks (which cannot be escaped there) as quotes.
    private static func code(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ").replacing("`", with: "'")
    }
}
