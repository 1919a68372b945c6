package import CKSchemaCore

/// `cloudkit.share` keeps the grants every export shows.
///
/// Lint: `cloudkit.share` without WRITE for `_creator`, CREATE for `_icloud` and READ for `_world` is a
/// warning at the type, naming what is missing.
package struct ShareTypeGrantsRule: LintRule {
    /// The grants of the share type in every export.
    static let expected: [Grant] = [Grant(.write, to: Role.creator), Grant(.create, to: Role.icloud), Grant(.read, to: Role.world)]

    package static let description = RuleDescription(
        id: "share_type_grants",
        kind: .lint,
        name: "Share Type Grants",
        category: .systemTypes,
        defaultSeverity: .warning,
        summary: "cloudkit.share grants WRITE to _creator, CREATE to _icloud and READ to _world, as exports show.",
        rationale: """
            Every export of cloudkit.share carries GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud" and \
            GRANT READ TO "_world" (docs/cloudkit-facts.md §2.5). Importing the type with fewer grants would change \
            the permissions of CloudKit's own share records; what that breaks is unknown, hence a warning.
            """,
        cloudKitRules: [],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓"cloudkit.share" ("cloudkit.title" STRING, GRANT READ TO "_world");
                """),
            .yaml("""
                recordTypes:
                  ↓cloudkit.share:
                    fields: { cloudkit.title: string }
                    grants: { _world: [read], _creator: [read] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE "cloudkit.share" ("cloudkit.title" STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.filter { $0.name == CloudKitNames.shareRecordType }.compactMap { type -> Diagnostic? in
            let missing = Self.expected.filter { !type.permissions(for: $0.role).contains($0.permissions) }
            guard !missing.isEmpty else { return nil }
            let list = missing.map { "\($0.permissions.keywords) to '\($0.role)'" }.joined(separator: ", ")
            return context.diagnostic(
                "record type 'cloudkit.share' lacks the grants CloudKit gives it: \(list)", at: .recordType(type.name))
        }
    }
}
