import CKSchemaCore
import CKSchemaRules

/// `ckschema access --format markdown`: a table per record type (rows roles, columns permissions), then who
/// may do each thing; or, with `--from`, one table of changed cells.
enum AccessMarkdownRenderer {
    static func render(_ report: AccessReport) -> String {
        if let baseline = report.baseline { return renderChanges(report, baseline: baseline) }
        let matrix = report.matrix
        var lines = ["## Public database access in `\(cell(report.source))`", ""]
        guard !matrix.rows.isEmpty else { return (lines + ["No record type in the public database."]).joined(separator: "\n") + "\n" }
        for row in matrix.rows {
            lines += ["### \(cell(row.recordType))", "", "| role | read | create | write |", "|---|---|---|---|"]
            for role in matrix.roles {
                let marks = Permissions.allPermissions.map { row.cell(role, $0)?.mark ?? "-" }
                lines.append("| `\(cell(role))` | " + marks.joined(separator: " | ") + " |")
            }
            lines.append("")
            for permission in Permissions.allPermissions {
                lines.append("- **\(AccessLegend.name(of: permission))**: \(cell(row.summary(of: permission, roles: matrix.roles)))")
            }
            lines.append("")
        }
        if !matrix.omitted.isEmpty { lines += ["Not in the public database: \(matrix.omitted.map { "`\(cell($0))`" }.joined(separator: ", "))", ""] }
        lines += ["```"] + AccessLegend.lines + ["```"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func renderChanges(_ report: AccessReport, baseline: String) -> String {
        var lines = ["## Public database access: `\(cell(baseline))` → `\(cell(report.source))`", ""]
        guard !report.changes.isEmpty else { return (lines + ["No change."]).joined(separator: "\n") + "\n" }
        lines += ["| record type | role | permission | before | after | meaning |", "|---|---|---|---|---|---|"]
        for change in report.changes {
            let (before, after, meaning) = AccessLegend.describe(change)
            lines.append("| \(change.widens ? "**\(cell(change.recordType))**" : cell(change.recordType)) | `\(cell(change.role))` | "
                + "\(AccessLegend.name(of: change.permission)) | \(before) | \(after) | \(cell(meaning)) |")
        }
        lines += ["", "Rows in bold let users do what they could not before.", "", "```"] + AccessLegend.lines + ["```"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in a table cell.
    private static func cell(_ text: String) -> String {
        String(text.flatMap { character -> [Character] in
            character == "|" ? ["\\", "|"] : character.isNewline ? [" "] : [character]
        })
    }
}
