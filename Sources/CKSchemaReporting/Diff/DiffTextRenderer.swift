import CKSchemaCore
import CKSchemaDiff
import CKSchemaModels
import CKSchemaRules

/// The text format of `ckschema diff`: changes grouped by record type, one per line with its classification,
/// its `+`/`-`/`~` mark and where it is written (baseline → candidate, whichever exist); each finding and
/// hint indented below its change; a summary line last, then the report's notes, each once.
///
///     JournalEntry
///       warning   - field 'place' LOCATION             environments/development.ckdb:48:9
///                 warning: field 'place' of record type 'JournalEntry' is deleted; production does not have it, … [field_no_delete]
enum DiffTextRenderer {
    /// The widest change column before locations are no longer aligned.
    private static let maximumColumn = 64

    static func render(_ report: DiffReport) -> String {
        var output = "baseline:  \(report.baseline.label)\ncandidate: \(report.candidate.label)\n"
        let rows = report.changes.changes.map { "\($0.change.action.symbol) \($0.change.summary)" }
        let width = min(rows.map(\.count).max() ?? 0, maximumColumn)
        var row = 0
        for group in report.changes.groupedByRecordType {
            output += "\n\(group.recordType ?? "Roles")\n"
            for classified in group.changes {
                let text = rows[row]
                row += 1
                let padding = String(repeating: " ", count: max(0, width - text.count))
                output += "  " + pad(classified.classification.rawValue, 8) + "  " + text + padding + "  "
                    + locations(of: classified.change) + "\n"
                for finding in classified.findings {
                    output += "            \(finding.severity.rawValue): \(finding.message) [\(finding.id)]\n"
                }
                for hint in classified.change.hints {
                    output += "            note: \(hint)\n"
                }
            }
            output += modelLines(report.modelChanges(of: group.recordType))
        }
        // Model changes that change no CloudKit field (a delete rule, a default), by record type.
        let shown = Set(report.changes.groupedByRecordType.compactMap(\.recordType))
        for recordType in Set(report.modelChanges.map(\.recordType)).subtracting(shown).sorted() {
            output += "\n\(recordType) (no CloudKit change)\n" + modelLines(report.modelChanges(of: recordType))
        }
        return output + "\n" + report.summary + "\n" + report.notes.map { "note: \($0)\n" }.joined()
    }

    /// The model changes of a record type, under its schema changes: `model     attribute 'Trip.rating' …`.
    private static func modelLines(_ changes: [ModelChange]) -> String {
        changes.map { change in
            "  model     \(change)" + (change.location.map { "  \($0)" } ?? "") + "\n"
        }.joined()
    }

    /// `base → candidate`, or the one that exists.
    static func locations(of change: SchemaChange) -> String {
        [change.baselineLocation, change.candidateLocation].compactMap { $0?.description }.joined(separator: " → ")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
