import CKSchemaCore
import CKSchemaDiff
import CKSchemaModels
import CKSchemaRules

/// The JSON format of `ckschema diff`: a stable, versioned document (keys sorted, absent values `null`), see
/// docs/diff.md.
///
///     {"version": 1, "deployable": true, "summary": {"changes": 1, "breaking": 0, "warnings": 0, "safe": 1},
///      "baseline": {"name": "production", "paths": ["environments/production.ckdb"]}, "candidate": {…},
///      "changes": [{"kind": "add_field", "action": "add", "element": "field", "recordType": "Note",
///                   "subject": "Note.place", "description": "add field 'place' LOCATION",
///                   "classification": "safe", "aspects": [],
///                   "baseline": null, "candidate": {"location": {…}, "value": "LOCATION"},
///                   "location": {…}, "hints": [], "findings": [<a diagnostic, as lint's JSON writes it>]}]}
///
/// Each change is a `ChangeRecord`, the encoding deploy plans record too.
enum DiffJSONRenderer {
    static func render(_ report: DiffReport) -> String {
        JSONOutput.encode(Document(report))
    }

    private struct Document: Encodable {
        let version = 1
        let deployable: Bool
        let summary: Summary
        let baseline: Source
        let candidate: Source
        let changes: [ChangeRecord]
        let notes: [String]
        /// When both sides are models: each model change (`ModelChange`'s encoding) with its record type.
        let modelChanges: [ModelChangeRecord]?

        init(_ report: DiffReport) {
            deployable = report.changes.isDeployable
            summary = Summary(changes: report.changes.changes.count, breaking: report.changes.count(.breaking),
                              warnings: report.changes.count(.warning), safe: report.changes.count(.safe))
            baseline = Source(name: report.baseline.name, paths: report.baseline.paths)
            candidate = Source(name: report.candidate.name, paths: report.candidate.paths)
            changes = report.changes.changes.map(ChangeRecord.init)
            notes = report.notes
            modelChanges = report.modelChanges.isEmpty ? nil
                : report.modelChanges.map { ModelChangeRecord(recordType: $0.recordType, change: $0.change,
                                                              description: $0.change.description) }
        }
    }

    private struct ModelChangeRecord: Encodable {
        let recordType: String
        let change: ModelChange
        let description: String
    }

    private struct Summary: Encodable {
        let changes: Int
        let breaking: Int
        let warnings: Int
        let safe: Int
    }

    private struct Source: Encodable {
        let name: String
        let paths: [String]
    }
}
