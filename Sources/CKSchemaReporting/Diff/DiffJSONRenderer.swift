import CKSchemaCore
import CKSchemaDiff
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
///                   "hints": [], "findings": [<a diagnostic, as `ckschema lint --format json` writes it>]}]}
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
        let changes: [Change]
        let notes: [String]

        init(_ report: DiffReport) {
            deployable = report.changes.isDeployable
            summary = Summary(changes: report.changes.changes.count, breaking: report.changes.count(.breaking),
                              warnings: report.changes.count(.warning), safe: report.changes.count(.safe))
            baseline = Source(name: report.baseline.name, paths: report.baseline.paths)
            candidate = Source(name: report.candidate.name, paths: report.candidate.paths)
            changes = report.changes.changes.map(Change.init)
            notes = report.notes
        }
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

    private struct Change: Encodable {
        let kind: String
        let action: String
        let element: String
        let recordType: String?
        let subject: String
        let description: String
        let classification: String
        let aspects: [String]
        let baseline: Side?
        let candidate: Side?
        let hints: [String]
        let findings: [JSONReporter.Entry]

        init(_ classified: ClassifiedChange) {
            let change = classified.change
            kind = change.identifier
            action = change.action.rawValue
            element = change.element.rawValue
            recordType = change.recordType
            subject = change.subject.description
            description = change.description
            classification = classified.classification.rawValue
            aspects = change.fieldAspects.names
            baseline = Side(location: change.baselineLocation, value: change.baselineValue)
            candidate = Side(location: change.candidateLocation, value: change.candidateValue)
            hints = change.hints
            findings = classified.findings.map(JSONReporter.Entry.init)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(action, forKey: .action)
            try container.encode(element, forKey: .element)
            try container.encode(recordType, forKey: .recordType)
            try container.encode(subject, forKey: .subject)
            try container.encode(description, forKey: .description)
            try container.encode(classification, forKey: .classification)
            try container.encode(aspects, forKey: .aspects)
            try container.encode(baseline, forKey: .baseline)
            try container.encode(candidate, forKey: .candidate)
            try container.encode(hints, forKey: .hints)
            try container.encode(findings, forKey: .findings)
        }

        private enum CodingKeys: String, CodingKey {
            case kind, action, element, recordType, subject, description, classification, aspects, baseline,
                 candidate, hints, findings
        }
    }

    /// Where the element is on one side and its value there; `nil` (JSON `null`) when the side lacks it.
    private struct Side: Encodable {
        let location: SourceLocation?
        let value: String?

        init?(location: SourceLocation?, value: String?) {
            guard location != nil || value != nil else { return nil }
            self.location = location
            self.value = value
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(location, forKey: .location)
            try container.encode(value, forKey: .value)
        }

        private enum CodingKeys: String, CodingKey { case location, value }
    }
}
