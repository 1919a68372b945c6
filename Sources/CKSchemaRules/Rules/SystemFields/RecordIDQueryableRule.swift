package import CKSchemaCore

/// Every record type has a QUERYABLE index on `___recordID`.
///
/// Lint: a type without `"___recordID" REFERENCE QUERYABLE` (YAML: `systemFields: { recordID: [queryable] }`)
/// is a warning at its name (a note on a type Core Data mirrors and on `Users`). `cloudkit.share`, which CloudKit manages and
/// apps do not query, is exempt.
package struct RecordIDQueryableRule: LintRule {
    package static let description = RuleDescription(
        id: "record_id_queryable",
        kind: .lint,
        name: "Record ID Queryable",
        category: .systemFields,
        defaultSeverity: .warning,
        summary: "Each record type has a QUERYABLE index on ___recordID.",
        rationale: """
            "Queries without filters require the ___recordID to have a Queryable index applied" (cktool's \
            page); without it the Console's record browser shows nothing and queries fail with "Field \
            'recordName' is not marked queryable" (docs/cloudkit-facts.md §1.4, §2.3, §9 rule 14). An imported schema \
            that omits the index also drops it from the container. Core Data and SwiftData schemas lack it by \
            default, and Core Data does not need it in the private database, where it fetches changes instead \
            of querying (§7): on a type Core Data mirrors, and on the Users type CloudKit makes (§2.5), the \
            finding is a note (the Console's record browser still needs the index). cloudkit.share is exempt: \
            its exports never carry it.
            """,
        cloudKitRules: [14],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓Note ("___recordID" REFERENCE, title STRING);
                """),
            .yaml("""
                recordTypes:
                  ↓Note:
                    fields: { title: string }
                    systemFields: { createTime: [sortable] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING);
                    RECORD TYPE "cloudkit.share" ("___recordID" REFERENCE, "cloudkit.title" STRING);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields: { title: string }
                    systemFields: { recordID: [queryable] }
                """),
        ])
    )

    package init() {}

    /// For a type the app does not create itself, why the missing index is only a note.
    static func managedBy(_ type: RecordType) -> String? {
        if type.isCoreDataMirrored {
            return "Core Data made this type and does not query the private database, but the Console's record "
                + "browser and public-database sync do"
        }
        if type.name == CloudKitNames.usersRecordType {
            return "CloudKit makes 'Users' and apps seldom query it, but the Console's record browser does"
        }
        return nil
    }

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let fix = context.language == .yaml ? "add 'systemFields: { recordID: [queryable] }'"
            : "add \"___recordID\" REFERENCE QUERYABLE"
        return schema.recordTypes.compactMap { type -> Diagnostic? in
            guard type.name != CloudKitNames.shareRecordType,
                  !type.indexes(on: .recordID).contains(.queryable) else { return nil }
            guard let managed = Self.managedBy(type) else {
                return context.diagnostic(
                    "record type '\(type.name)' has no QUERYABLE index on '___recordID'; unfiltered queries and the "
                        + "Console's record browser fail with 'Field 'recordName' is not marked queryable'; \(fix)",
                    at: .recordType(type.name))
            }
            var note = context.diagnostic(
                "record type '\(type.name)' has no QUERYABLE index on '___recordID'; \(managed); \(fix) to use them",
                at: .recordType(type.name))
            if note.severity == .warning { note.severity = .note }
            return note
        }
    }
}
