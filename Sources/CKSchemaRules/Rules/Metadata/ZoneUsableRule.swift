package import CKSchemaCore

/// A record type's `zone:` names a zone the app can create and use.
///
/// Lint (YAML only): at `zone`, an error when the name is empty, longer than 255 characters, not ASCII or
/// starts with an underscore (other than `_defaultZone`, which is the default zone), or when the type lives in
/// the public database, which has only its default zone.
package struct ZoneUsableRule: LintRule {
    package static let description = RuleDescription(
        id: "zone_usable",
        kind: .lint,
        name: "Zone Usable",
        category: .metadata,
        defaultSeverity: .error,
        summary: "A record type's `zone` is a valid zone name, in a database that has custom zones.",
        rationale: """
            `zone:` says which record zone the app keeps a type's records in; generated models create their IDs \
            in it and the generated schema entry point lists it for sync engines. Apple: zone names are up to 255 \
            ASCII characters and do not start with an underscore (`CKRecordZone.ID`), and custom zones exist only \
            in the private and shared databases, never in the public one. `_defaultZone` names the default zone \
            and is accepted; leaving `zone` out says the same.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Post:
                    database: public
                    ↓zone: Posts
                    fields: { title: string }
                    grants: { _world: [read] }
                  Note:
                    database: private
                    ↓zone: _notes
                    fields: { body: string }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Note:
                    database: private
                    zone: Journal
                    fields: { body: string }
                  Post:
                    database: public
                    zone: _defaultZone
                    fields: { title: string }
                    grants: { _world: [read] }
                """),
        ])
    )

    /// The name of the default zone (`CKRecordZone.ID.defaultZoneName`).
    package static let defaultZoneName = "_defaultZone"

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard let zone = type.metadata.zone,
                  let problem = Self.problem(with: zone, of: type.name, database: type.metadata.database)
            else { return nil }
            return context.diagnostic(problem, atFirstOf: [.recordTypeKey(type.name, "zone"), .recordType(type.name)])
        }
    }

    /// Why `zone` cannot hold the records of `recordType` in `database`, or `nil` when it can.
    static func problem(with zone: String, of recordType: String, database: Database?) -> String? {
        if zone == defaultZoneName { return nil }
        if zone.isEmpty { return "record type '\(recordType)' has an empty 'zone'; leave 'zone' out for the default zone" }
        let subject = "zone '\(zone)' of record type '\(recordType)'"
        if !zone.unicodeScalars.allSatisfy(\.isASCII) {
            return "\(subject) holds characters that are not ASCII, which CloudKit zone names cannot"
        }
        if zone.utf8.count > 255 { return "the zone of record type '\(recordType)' is longer than CloudKit's 255 characters" }
        if zone.hasPrefix("_") { return "\(subject) starts with an underscore, which CloudKit reserves for its own zones" }
        if database == .public {
            return "\(subject) is a custom zone, but the public database has only its default zone; leave 'zone' out"
        }
        return nil
    }
}
