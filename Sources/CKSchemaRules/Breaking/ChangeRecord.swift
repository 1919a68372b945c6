package import CKSchemaCore
import CKSchemaDiff

/// One classified change as ckschema writes it in JSON: `ckschema diff --format json` lists them and deploy
/// plan files record them, in this one encoding (docs/diff.md). Every key is always present (absent values
/// `null`):
///
///     {"kind": "add_field", "action": "add", "element": "field", "recordType": "Note",
///      "subject": "Note.place", "description": "add field 'place' LOCATION", "classification": "safe",
///      "aspects": [], "baseline": null, "candidate": {"location": {…}, "value": "LOCATION"},
///      "location": {…}, "hints": [], "migration": null, "findings": [<a DiagnosticRecord>]}
package struct ChangeRecord: Hashable, Sendable, Codable {
    /// The stable kind (`add_field`, `delete_index`): action and element.
    package var kind: String
    /// `add`, `delete` or `modify`.
    package var action: String
    /// `record_type`, `field`, `system_field`, `index`, `role` or `grant`.
    package var element: String
    /// The record type it is in; `nil` for role changes.
    package var recordType: String?
    /// The element's path (`Note.title`, `Note.title:queryable`, `roles.Moderator`).
    package var subject: String
    /// The whole row: verb and element (`add field 'place' LOCATION`).
    package var description: String
    package var classification: ChangeClassification
    /// What changed about a field's type (`type`, `encryption`, `number_preference`).
    package var aspects: [String]
    /// Where the element is in the baseline and its value there; `nil` when the baseline lacks it.
    package var baseline: Side?
    /// Where the element is in the candidate and its value there; `nil` when the candidate lacks it.
    package var candidate: Side?
    /// Where a reader looks for the change: the element in the candidate, or for a deletion what encloses it
    /// there, else the element in the baseline.
    package var location: SourceLocation?
    /// Remarks such as "looks like a rename of 'body'".
    package var hints: [String]
    /// For a `migrate_field`, its migration; for a change to a retired field, the migration that retired it.
    package var migration: Migration?
    /// What the breaking rules said about it.
    package var findings: [DiagnosticRecord]

    /// Records `classified`.
    package init(_ classified: ClassifiedChange) {
        let change = classified.change
        kind = change.identifier
        action = change.action.rawValue
        element = change.element.rawValue
        recordType = change.recordType
        subject = change.subject.description
        description = change.description
        classification = classified.classification
        aspects = change.fieldAspects.names
        baseline = Side(location: change.baselineLocation, value: change.baselineValue)
        candidate = Side(location: change.candidateLocation, value: change.candidateValue)
        location = change.candidateAnchor ?? change.baselineLocation
        hints = change.hints
        migration = Migration(change)
        findings = classified.findings.map(DiagnosticRecord.init)
    }

    /// The changed element without the verb (`field 'place' LOCATION`), as a pending-changes row shows it.
    package var summary: String {
        description.hasPrefix(action + " ") ? String(description.dropFirst(action.count + 1)) : description
    }

    /// The `+`, `-` or `~` of a pending-changes row.
    package var symbol: String {
        ChangeAction(rawValue: action)?.symbol ?? "?"
    }

    /// The change without anything that points into files: what a schema alone determines.
    package var withoutLocations: ChangeRecord {
        var change = self
        change.location = nil
        change.baseline = baseline.flatMap { Side(location: nil, value: $0.value) }
        change.candidate = candidate.flatMap { Side(location: nil, value: $0.value) }
        change.findings = findings.map(\.withoutLocations)
        return change
    }

    /// What a reviewer of a deploy plan reads of the change, without locations: the part a plan of any
    /// version records, so that a plan's list can be held against the list its schema makes.
    package var reviewed: ChangeRecord {
        var change = withoutLocations
        change.element = ""
        change.aspects = []
        change.baseline = nil
        change.candidate = nil
        change.findings = change.findings.map { finding in
            var finding = finding
            finding.subject = nil
            finding.record = nil
            return finding
        }
        return change
    }

    /// Where the element is on one side and its value there.
    package struct Side: Hashable, Sendable, Codable {
        package var location: SourceLocation?
        /// A field type, an index option, permissions; `nil` for record types and roles.
        package var value: String?

        /// A side, or `nil` when the side has neither a location nor a value (it lacks the element).
        init?(location: SourceLocation?, value: String?) {
            guard location != nil || value != nil else { return nil }
            self.location = location
            self.value = value
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(location, forKey: .location)
            try container.encode(value, forKey: .value)
        }

        private enum CodingKeys: String, CodingKey { case location, value }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, action, element, recordType, subject, description, classification, aspects, baseline,
             candidate, location, hints, migration, findings
        /// Version 1 deploy plans wrote the row without its verb.
        case summary
    }

    package func encode(to encoder: any Encoder) throws {
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
        try container.encode(location, forKey: .location)
        try container.encode(hints, forKey: .hints)
        try container.encode(migration, forKey: .migration)
        try container.encode(findings, forKey: .findings)
    }

    /// Reads a change (plans written before migrations have no `migration`); also the version 1 plan form (`summary` without the verb, no element, aspects or sides,
    /// locations as `file:line:column` text).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        action = try container.decode(String.self, forKey: .action)
        recordType = try container.decodeIfPresent(String.self, forKey: .recordType)
        subject = try container.decode(String.self, forKey: .subject)
        classification = try container.decode(ChangeClassification.self, forKey: .classification)
        location = try container.decodeLocation(forKey: .location)
        hints = try container.decode([String].self, forKey: .hints)
        findings = try container.decode([DiagnosticRecord].self, forKey: .findings)
        if let description = try container.decodeIfPresent(String.self, forKey: .description) {
            self.description = description
        } else {
            description = action + " " + (try container.decode(String.self, forKey: .summary))
        }
        element = try container.decodeIfPresent(String.self, forKey: .element)
            ?? String(kind.drop { $0 != "_" }.dropFirst())
        aspects = try container.decodeIfPresent([String].self, forKey: .aspects) ?? []
        baseline = try container.decodeIfPresent(Side.self, forKey: .baseline)
        candidate = try container.decodeIfPresent(Side.self, forKey: .candidate)
        migration = try container.decodeIfPresent(Migration.self, forKey: .migration)
    }
}
