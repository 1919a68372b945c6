public import CKSchemaCore
public import CKSchemaDiff

/// What `ckschema drift ENV` finds when it compares the live environment with its snapshot and with the
/// project schema.
///
/// Drift is anything the repository does not know about:
/// - the live environment differs from its snapshot (changed in the Console, by another tool, or by a deploy
///   that was never recorded);
/// - the live environment holds what the project schema lacks: record types and fields created just in time
///   by a development build, indexes or roles added in the Console; or declares a field differently.
///
/// What the project schema has and the environment lacks is not drift: it is a deploy not made yet.
public struct DriftReport: Sendable {
    /// The environment checked.
    public let environment: CloudKitEnvironment
    /// Where the live schema came from (`cktool export-schema (development)`).
    public let liveOrigin: String
    /// The snapshot file.
    public let snapshotPath: String
    /// Snapshot → live: changes made outside ckschema.
    public let outsideChanges: [SchemaChange]
    /// Project → live, additions: what the environment holds and the project schema lacks.
    public let missingFromSchema: [SchemaChange]
    /// Project → live, modifications: elements declared differently.
    public let conflicting: [SchemaChange]
    /// Project → live, deletions: the project schema's changes not deployed yet (not drift).
    public let pendingCount: Int

    /// Compares `live` with `snapshot` and with `project`.
    public init(environment: CloudKitEnvironment, live: ParsedSchema, liveOrigin: String, snapshot: ParsedSchema,
                snapshotPath: String, project: ParsedSchema) {
        self.environment = environment
        self.liveOrigin = liveOrigin
        self.snapshotPath = snapshotPath
        outsideChanges = SchemaDiffer.diff(baseline: snapshot, candidate: live).changes
        let fromProject = SchemaDiffer.diff(baseline: project, candidate: live)
        missingFromSchema = fromProject.changes(.add)
        conflicting = fromProject.changes(.modify)
        pendingCount = fromProject.changes(.delete).count
    }

    /// Whether anything drifted.
    public var hasDrift: Bool {
        !outsideChanges.isEmpty || !missingFromSchema.isEmpty || !conflicting.isEmpty
    }

    /// The fields (and whole record types) the environment holds that the project schema lacks: in
    /// development, typically created just in time by running the app.
    public var justInTimeCandidates: [SchemaChange] {
        missingFromSchema.filter { $0.element == .field || $0.element == .recordType }
    }

    /// The report as text.
    public func render() -> String {
        let name = environment.rawValue
        var output = "drift check of \(name)\n  live:     \(liveOrigin)\n  snapshot: \(snapshotPath)\n"
        if !outsideChanges.isEmpty {
            output += "\nthe snapshot is out of date: \(name) changed outside ckschema "
                + "(\(ChangeSummary.count(outsideChanges.count, "change")), snapshot → live):\n" + SchemaChange.lines(outsideChanges)
        }
        if !missingFromSchema.isEmpty {
            let origin = environment == .development ? "created just in time by the app, or in the Console" : "added outside ckschema"
            output += "\n\(name) holds \(ChangeSummary.count(missingFromSchema.count, "element")) the project schema lacks "
                + "(\(origin)):\n" + SchemaChange.lines(missingFromSchema)
        }
        if !conflicting.isEmpty {
            output += "\n\(name) declares \(ChangeSummary.count(conflicting.count, "element")) differently from the "
                + "project schema (schema → live):\n" + SchemaChange.lines(conflicting)
        }
        if pendingCount > 0 {
            output += "\nnot drift: \(ChangeSummary.count(pendingCount, "change")) of the project schema "
                + "\(pendingCount == 1 ? "is" : "are") not deployed to \(name) yet\n"
        }
        guard hasDrift else {
            return output + "\nno drift: \(name) matches its snapshot and holds nothing the project schema lacks\n"
        }
        var advice: [String] = []
        if !outsideChanges.isEmpty { advice.append("record the live schema with 'ckschema pull \(name)'") }
        if !missingFromSchema.isEmpty || !conflicting.isEmpty {
            advice.append("bring the project schema in line (add what it lacks, or reset \(name))")
        }
        return output + "\ndrift found: " + advice.joined(separator: ", and ") + "\n"
    }
}

extension SchemaChange {
    /// One line per change, the record type named after the element:
    /// `  + field 'weather' STRING in 'JournalEntry'`.
    public static func lines(_ changes: [SchemaChange]) -> String {
        changes.map { change in
            let type = change.element == .recordType ? nil : change.recordType
            return "  \(change.action.symbol) \(change.summary)" + (type.map { " in '\($0)'" } ?? "") + "\n"
        }.joined()
    }
}
