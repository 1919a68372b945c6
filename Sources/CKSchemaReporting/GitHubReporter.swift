public import CKSchemaCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule_id::message`, which GitHub
/// shows as annotations on the pull request's changed files.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        diagnostics.map { diagnostic in
            let command = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties += ["file=\(escapeProperty(location.file))", "line=\(location.line)", "col=\(location.column)"]
            }
            properties.append("title=\(escapeProperty(diagnostic.id.rawValue))")
            var message = diagnostic.message
            if let record = diagnostic.record {
                message += " (record #\(record.index)\(record.recordName.map { " '\($0)'" } ?? ""), \(record.pointer))"
            }
            for note in diagnostic.notes {
                message += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
            }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    /// Escapes a message as the workflow-command syntax requires.
    private func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// Escapes a property value, which also may not hold `:` or `,`.
    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
