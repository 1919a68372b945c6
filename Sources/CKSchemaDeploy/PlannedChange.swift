public import CKSchemaCore
import CKSchemaDiff
public import CKSchemaRules

/// One change of a plan as the plan file records it: the same kinds, subjects and classifications as
/// `ckschema diff --format json`, with the findings reduced to what a reviewer reads.
public struct PlannedChange: Hashable, Sendable, Codable {
    /// How production treats a change (the diff's classification).
    public typealias Classification = ChangeClassification

    /// The stable kind (`add_field`, `delete_index`).
    public var kind: String
    /// `add`, `delete` or `modify`.
    public var action: String
    /// The record type it is in; `nil` for role changes.
    public var recordType: String?
    /// The element's path (`Note.title`, `Note.title:queryable`, `roles.Moderator`).
    public var subject: String
    /// The element without the verb (`field 'place' LOCATION`).
    public var summary: String
    /// `safe`, `warning` or `breaking`.
    public var classification: Classification
    /// Where the element is written in the project schema (or, for a deletion, what encloses it).
    public var location: String?
    /// What the breaking rules said about it.
    public var findings: [Finding]
    /// Remarks such as "looks like a rename of 'body'".
    public var hints: [String]

    /// Records `classified`, a change from a snapshot to the project schema.
    public init(_ classified: ClassifiedChange) {
        let change = classified.change
        kind = change.identifier
        action = change.action.rawValue
        recordType = change.recordType
        subject = change.subject.description
        summary = change.summary
        classification = classified.classification
        location = (change.candidateAnchor ?? change.baselineLocation)?.description
        findings = classified.findings.map(Finding.init)
        hints = change.hints
    }

    /// The change without anything that points into files (its location, its notes' locations): what a plan's
    /// schema alone determines.
    public var withoutLocations: PlannedChange {
        var change = self
        change.location = nil
        change.findings = findings.map { finding in
            var finding = finding
            finding.notes = finding.notes.map { FindingNote(message: $0.message, location: nil) }
            return finding
        }
        return change
    }

    /// The `+`, `-` or `~` of a pending-changes row.
    public var symbol: String {
        ChangeAction(rawValue: action)?.symbol ?? "?"
    }

    private enum CodingKeys: String, CodingKey {
        case kind, action, recordType, subject, summary, classification, location, findings, hints
    }

    /// Decodes a change written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        action = try container.decode(String.self, forKey: .action)
        recordType = try container.decodeIfPresent(String.self, forKey: .recordType)
        subject = try container.decode(String.self, forKey: .subject)
        summary = try container.decode(String.self, forKey: .summary)
        classification = try container.decode(Classification.self, forKey: .classification)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        findings = try container.decode([Finding].self, forKey: .findings)
        hints = try container.decode([String].self, forKey: .hints)
    }

    /// Encodes absent values as `null`, so every change has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(action, forKey: .action)
        try container.encode(recordType, forKey: .recordType)
        try container.encode(subject, forKey: .subject)
        try container.encode(summary, forKey: .summary)
        try container.encode(classification, forKey: .classification)
        try container.encode(location, forKey: .location)
        try container.encode(findings, forKey: .findings)
        try container.encode(hints, forKey: .hints)
    }

    /// A breaking rule's finding about a change.
    public struct Finding: Hashable, Sendable, Codable {
        /// The rule ID (`field_no_delete`).
        public var id: String
        /// `error`, `warning` or `note`.
        public var severity: Severity
        /// The rule's message.
        public var message: String
        /// The finding's notes (where the baseline declared the element, why a finding was lowered).
        public var notes: [FindingNote]

        /// Records `diagnostic`.
        public init(_ diagnostic: Diagnostic) {
            id = diagnostic.id.rawValue
            severity = diagnostic.severity
            message = diagnostic.message
            notes = diagnostic.notes.map { FindingNote(message: $0.message, location: $0.location?.description) }
        }
    }

    /// A note of a finding.
    public struct FindingNote: Hashable, Sendable, Codable {
        /// The remark.
        public var message: String
        /// Where it points, when it points somewhere (`environments/production.ckdb:12:9`).
        public var location: String?

        /// A note saying `message` about `location`.
        public init(message: String, location: String?) {
            self.message = message
            self.location = location
        }

        private enum CodingKeys: String, CodingKey {
            case message, location
        }

        /// Encodes an absent location as `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encode(location, forKey: .location)
        }
    }
}
