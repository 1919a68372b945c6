package import CKSchemaCore
package import CKSchemaDiff

/// What `ckschema drift ENV` finds when it compares the live environment with its recorded snapshot.
///
/// Drift is one thing: **the live environment differs from its snapshot**, because it was changed outside
/// ckschema since the snapshot was recorded (in the Console, by another tool, by a deploy that was never
/// recorded). With the directory backend the snapshot *is* the environment, so there is never drift.
///
/// Two more things are reported, as information and never as drift:
/// - in development, elements the live environment holds that neither the snapshot nor the project schema
///   has: record types and fields the app created just in time;
/// - the project schema's changes not deployed yet (snapshot → project).
///
/// The advice is only what CloudKit allows: record the live schema (`ckschema pull`), or adopt elements in
/// the project schema. Production's schema cannot be reset or shrunk.
package struct DriftReport: Sendable {
    /// The environment checked.
    package let environment: CloudKitEnvironment
    /// Where the live schema came from (`cktool export-schema (development)`).
    package let liveOrigin: String
    /// The snapshot file.
    package let snapshotPath: String
    /// Said once when the snapshot does not exist (it is taken as an empty environment).
    package let snapshotNote: String?
    /// Snapshot → live, without the just-in-time elements: the drift.
    package let drift: [SchemaChange]
    /// Snapshot → live additions (development only) of record types and fields the project schema lacks too:
    /// created just in time by the app. Information.
    package let justInTime: [SchemaChange]
    /// Snapshot → project: what a deploy to the environment would change. Information.
    package let undeployed: [SchemaChange]

    /// Compares `live` with `snapshot`, and `snapshot` with `project`.
    package init(environment: CloudKitEnvironment, live: ParsedSchema, liveOrigin: String, snapshot: ParsedSchema,
                snapshotPath: String, snapshotNote: String? = nil, project: ParsedSchema) {
        self.environment = environment
        self.liveOrigin = liveOrigin
        self.snapshotPath = snapshotPath
        self.snapshotNote = snapshotNote
        let outside = SchemaDiffer.diff(baseline: snapshot, candidate: live).changes
        let isJustInTime: (SchemaChange) -> Bool = { change in
            environment == .development && change.action == .add
                && Self.lacks(project.schema, change)
        }
        drift = outside.filter { !isJustInTime($0) }
        justInTime = outside.filter(isJustInTime)
        undeployed = SchemaDiffer.diff(baseline: snapshot, candidate: project).changes
    }

    /// Whether `schema` lacks the record type or field `change` adds (other additions are never just in time).
    private static func lacks(_ schema: Schema, _ change: SchemaChange) -> Bool {
        let type = schema.recordTypes.first { $0.name == change.recordType }
        switch change.kind {
        case .addRecordType: return type == nil
        case .addField(let field): return type.map { !$0.fields.contains { $0.name == field.name } } ?? true
        default: return false
        }
    }

    /// Whether the live environment drifted from its snapshot.
    package var hasDrift: Bool {
        !drift.isEmpty
    }

    /// The report as text.
    package func render() -> String {
        let name = environment.rawValue
        var output = "drift check of \(name)\n  live:     \(liveOrigin)\n  snapshot: \(snapshotPath)\n"
        if let snapshotNote { output += "note: \(snapshotNote)\n" }
        if hasDrift {
            output += "\ndrift: \(name) changed outside ckschema since its snapshot was recorded "
                + "(\(ChangeSummary.count(drift.count, "change")), snapshot → live):\n" + SchemaChange.lines(drift)
        }
        if !justInTime.isEmpty {
            output += "\ninformation, not drift: \(name) holds \(ChangeSummary.count(justInTime.count, "element")) that "
                + "neither its snapshot nor the project schema has (created just in time by the app):\n"
                + SchemaChange.lines(justInTime)
                + "  add to the project schema those the app relies on, so that they reach production with a deploy\n"
        }
        if !undeployed.isEmpty {
            output += "\ninformation, not drift: \(ChangeSummary.count(undeployed.count, "change")) of the project schema "
                + "\(undeployed.count == 1 ? "is" : "are") not deployed to \(name) yet (snapshot → project):\n"
                + SchemaChange.lines(undeployed)
        }
        guard hasDrift else {
            return output + "\nno drift: \(name) matches its snapshot\n"
        }
        return output + "\ndrift found: record the live schema with 'ckschema pull \(name)', then review the recorded "
            + "change with 'git diff'\n"
    }
}

extension SchemaChange {
    /// One line per change, the record type named after the element:
    /// `  + field 'weather' STRING in 'JournalEntry'`.
    package static func lines(_ changes: [SchemaChange]) -> String {
        changes.map { "  \($0.action.symbol) \($0.qualifiedSummary)\n" }.joined()
    }
}
