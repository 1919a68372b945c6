package import CKSchemaCore

/// A type whose records only their creators may read has a QUERYABLE index on `___createdBy`.
///
/// Lint: READ granted to `_creator` but not to `_world` or `_icloud`, without
/// `"___createdBy" REFERENCE QUERYABLE`, is a warning at the grant.
package struct CreatedByQueryableRule: LintRule {
    package static let description = RuleDescription(
        id: "created_by_queryable",
        kind: .lint,
        name: "Created By Queryable",
        category: .systemFields,
        defaultSeverity: .warning,
        summary: "A type readable only by its records' creators has a QUERYABLE index on ___createdBy.",
        rationale: """
            When READ is granted to _creator and not to _world or _icloud, CloudKit adds an implicit "created \
            by the current user" filter to every query, which needs an index: without \
            "___createdBy" REFERENCE QUERYABLE queries fail with "BAD_REQUEST: Field 'createdBy' is not marked \
            queryable" (observed on a live container; docs/cloudkit-facts.md §2.3, §9 rule 15).
            """,
        cloudKitRules: [15],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Draft ("___recordID" REFERENCE QUERYABLE, body STRING, ↓GRANT READ, WRITE TO "_creator", GRANT CREATE TO "_icloud");
                """),
            .yaml("""
                recordTypes:
                  Draft:
                    fields: { body: string }
                    grants: { ↓_creator: [read, write], _icloud: [create] }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Draft ("___createdBy" REFERENCE QUERYABLE, body STRING, GRANT READ, WRITE TO "_creator");
                    RECORD TYPE Post (title STRING, GRANT READ TO "_creator", GRANT READ TO "_world");
                """),
            .yaml("""
                recordTypes:
                  Draft:
                    fields: { body: string }
                    systemFields: { createdBy: [queryable] }
                    grants: { _creator: [read, write] }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.compactMap { type -> Diagnostic? in
            guard !type.indexes(on: .createdBy).contains(.queryable),
                  !type.permissions(for: Role.world).contains(.read),
                  !type.permissions(for: Role.icloud).contains(.read),
                  let grant = type.grants.firstIndex(where: { $0.role == Role.creator && $0.permissions.contains(.read) })
            else { return nil }
            return context.diagnostic(
                "only creators may read records of '\(type.name)', so CloudKit filters every query by creator, "
                    + "but '___createdBy' has no QUERYABLE index; queries fail with 'Field 'createdBy' is not "
                    + "marked queryable'",
                at: .grant(type.name, grant))
        }
    }
}
