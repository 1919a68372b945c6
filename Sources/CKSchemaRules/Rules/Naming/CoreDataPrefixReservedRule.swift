package import CKSchemaCore

/// `CD_` names appear only in record types that Core Data mirrors.
///
/// Lint: a record type called `CD_…` without the `CD_entityName` field Core Data gives every type it mirrors,
/// or a `CD_…` field in a type Core Data does not mirror, is a warning. `CDMR` (Core Data's many-to-many
/// relationship type) is Core Data's too.
package struct CoreDataPrefixReservedRule: LintRule {
    package static let description = RuleDescription(
        id: "core_data_prefix_reserved",
        kind: .lint,
        name: "Core Data Prefix Reserved",
        category: .naming,
        defaultSeverity: .warning,
        summary: "Names starting with CD_ are left to Core Data's CloudKit mirroring.",
        rationale: """
            NSPersistentCloudKitContainer prefixes its record types and fields with CD_ "to prevent collision \
            with existing CloudKit record types and reserved names", and gives every record type it mirrors a \
            CD_entityName field (docs/cloudkit-facts.md §3, §7, §9 rule 19). A hand-written CD_ name can collide with \
            what Core Data creates, and a hand-written CD_ type without CD_entityName is not one Core Data can \
            read. A type counts as Core Data's when it is called CD_… and has a CD_entityName field, or is CDMR.
            """,
        cloudKitRules: [19],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE ↓CD_Bottle (CD_name STRING, CD_volume INT64);
                    RECORD TYPE Note (↓CD_title STRING, body STRING);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields: { ↓CD_title: string }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE CD_Item (CD_entityName STRING, CD_title STRING, CD_title_ckAsset ASSET);
                    RECORD TYPE CDMR (CD_entityNames STRING, CD_recordNames STRING, CD_relationships STRING);
                    RECORD TYPE Note (title STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let fieldNames = context.fieldNames(of: schema)
        for (typeIndex, type) in schema.recordTypes.enumerated() where !type.isCoreDataMirrored {
            if CoreDataNames.isCoreDataName(type.name) {
                findings.append(context.diagnostic(
                    "record type '\(type.name)' uses Core Data's 'CD_' prefix but has no 'CD_entityName' field, so it "
                        + "is not a type Core Data mirrors; rename it, or let Core Data create it",
                    at: .recordType(type.name)))
                continue
            }
            // Fields are read in place, and only those whose name `FieldNameFacts` says starts with `CD_`.
            let fields = type.fields
            let facts = fieldNames.types[typeIndex]
            for index in fields.indices where facts[index].hasCoreDataPrefix {
                let name = fields[index].name
                findings.append(context.diagnostic(
                    "\(Describe.field(name, of: type.name)) uses Core Data's 'CD_' prefix in a type Core Data "
                        + "does not mirror; rename it", at: .field(type.name, name)))
            }
        }
        return findings
    }

}
