package import CKSchemaCore

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule_id::message`, which GitHub
/// shows as annotations on the pull request's changed files.
package struct GitHubReporter: Reporter {
    package init() {}

    package func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
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
                let place = record.pointer.isEmpty ? "" : ", \(record.pointer)"
                message += " (record #\(record.index)\(record.recordName.map { " '\($0)'" } ?? "")\(place))"
            }
            for note in diagnostic.notes {
                message += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
            }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    /// Escapes a message as the workflow-command syntax requires.
    /// Works on Unicode scalars: Swift reads CR LF as one `Character`, which a character-level replace of
    /// "\r" or "\n" would miss.
    private func escapeData(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// Escapes a property value, which also may not hold `:` or `,`.
    private func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    private func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let replacement = table.first(where: { $0.0 == scalar })?.1 {
                escaped += replacement
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
