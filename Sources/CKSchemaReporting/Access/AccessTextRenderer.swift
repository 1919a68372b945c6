import CKSchemaCore
import CKSchemaRules

/// `ckschema access` as text: per record type, a role × permission table and who may do each thing.
enum AccessTextRenderer {
    static func render(_ report: AccessReport) -> String {
        if let baseline = report.baseline { return renderChanges(report, baseline: baseline) }
        let matrix = report.matrix
        guard !matrix.rows.isEmpty else {
            return "\(report.source): no record type in the public database (none says 'database: public' or grants anything)\n"
        }
        var lines = ["Public database access in \(report.source)", ""]
        let width = max(matrix.roles.map(\.count).max() ?? 0, 8)
        for row in matrix.rows {
            lines.append(row.recordType)
            lines.append("  " + pad("role", width) + "  read   create write")
            for role in matrix.roles {
                let marks = Permissions.allPermissions.map { pad(row.cell(role, $0)?.mark ?? "-", 6) }
                lines.append(("  " + pad(role, width) + "  " + marks.joined(separator: " ")).trimmingTrailingSpaces)
            }
            for permission in Permissions.allPermissions {
                lines.append("  \(pad(AccessLegend.name(of: permission), 6)) \(row.summary(of: permission, roles: matrix.roles))")
            }
            lines.append("")
        }
        if !matrix.omitted.isEmpty {
            lines.append("Not in the public database: \(matrix.omitted.joined(separator: ", "))")
            lines.append("")
        }
        lines += AccessLegend.lines
        return lines.joined(separator: "\n") + "\n"
    }

    private static func renderChanges(_ report: AccessReport, baseline: String) -> String {
        guard !report.changes.isEmpty else {
            return "Public database access: \(baseline) -> \(report.source): no change\n"
        }
        var lines = ["Public database access: \(baseline) -> \(report.source), \(report.changes.count) cell"
            + (report.changes.count == 1 ? "" : "s") + " change", ""]
        let typeWidth = report.changes.map(\.recordType.count).max() ?? 0
        let roleWidth = report.changes.map(\.role.count).max() ?? 0
        for change in report.changes {
            let (before, after, meaning) = AccessLegend.describe(change)
            lines.append("\(change.widens ? "+" : " ") \(pad(change.recordType, typeWidth))  \(pad(change.role, roleWidth))  "
                + "\(pad(AccessLegend.name(of: change.permission), 6)) \(pad(before, 5)) -> \(pad(after, 5))  \(meaning)")
        }
        lines += ["", "+ lets users do what they could not before"] + AccessLegend.lines
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
