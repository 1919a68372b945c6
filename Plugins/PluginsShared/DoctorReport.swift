import Foundation

/// One finding as Xcode and SwiftPM show it: a severity, the message with its rule ID, and where (an absolute
/// path and a 1-based line), or nowhere for a finding about the app as a whole.
struct ReportedIssue: Equatable {
    enum Severity: Equatable { case error, warning, remark }

    let severity: Severity
    let message: String
    let file: String?
    let line: Int?
}

/// `ckschema doctor --format json` read back (docs/output-formats.md, version 1): every diagnostic, then each of
/// its notes as a remark at the note's place, in the document's order.
struct DoctorReport: Equatable {
    let issues: [ReportedIssue]
    let errors: Int
    let warnings: Int

    /// Reads `json`; relative paths are resolved against `directory`, where doctor ran. Throws
    /// `PluginError.doctorOutputUnreadable` when the text is not a version 1 document.
    init(json: Data, directory: URL) throws {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: json)
        } catch {
            // The start of what came instead (an older ckschema's table, a crash message) says more than the
            // decoder's error.
            let start = String(decoding: json.prefix(200), as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw PluginError.doctorOutputUnreadable("not a ckschema JSON report; it begins "
                + (start.map { "'\($0.prefix(80))'" } ?? "with nothing"))
        }
        guard document.version == 1 else {
            throw PluginError.doctorOutputUnreadable(
                "version \(document.version) of the JSON report; this plugin reads version 1")
        }
        func place(_ location: Location?) -> (file: String?, line: Int?) {
            guard let location else { return (nil, nil) }
            let file = location.file.hasPrefix("/") ? location.file
                : directory.appendingPathComponent(location.file).standardizedFileURL.path
            return (file, location.line)
        }
        var issues: [ReportedIssue] = []
        for diagnostic in document.diagnostics {
            let (file, line) = place(diagnostic.location)
            issues.append(ReportedIssue(severity: Self.severity(diagnostic.severity),
                                        message: "\(diagnostic.message) [\(diagnostic.id)]", file: file, line: line))
            for note in diagnostic.notes ?? [] {
                let (file, line) = place(note.location)
                issues.append(ReportedIssue(severity: .remark, message: note.message, file: file, line: line))
            }
        }
        self.issues = issues
        errors = document.summary.errors
        warnings = document.summary.warnings
    }

    /// `error` and `warning` as they are; `note` (and any severity a later version adds) as a remark.
    private static func severity(_ name: String) -> ReportedIssue.Severity {
        switch name {
        case "error": .error
        case "warning": .warning
        default: .remark
        }
    }

    private struct Document: Decodable {
        let version: Int
        let summary: Summary
        let diagnostics: [Diagnostic]
    }

    private struct Summary: Decodable {
        let errors: Int
        let warnings: Int
    }

    private struct Diagnostic: Decodable {
        let id: String
        let severity: String
        let message: String
        let location: Location?
        let notes: [Note]?
    }

    private struct Note: Decodable {
        let message: String
        let location: Location?
    }

    private struct Location: Decodable {
        let file: String
        let line: Int
    }
}
