package import CKSchemaCore

/// The `cloudkit.*` fields of `cloudkit.share` are CloudKit's own, with CloudKit's types.
///
/// Lint: in `cloudkit.share`, a `cloudkit.*` field other than `cloudkit.thumbnailImageData BYTES`,
/// `cloudkit.title STRING` and `cloudkit.type STRING`, or one of those with another type, is a warning.
package struct ShareTypeFieldsRule: LintRule {
    /// The share type's system fields, as exports list them.
    static let knownFields: [String: FieldType] = [
        "cloudkit.thumbnailImageData": .bytes, "cloudkit.title": .string, "cloudkit.type": .string,
    ]

    package static let description = RuleDescription(
        id: "share_type_fields",
        kind: .lint,
        name: "Share Type Fields",
        category: .systemTypes,
        defaultSeverity: .warning,
        summary: "cloudkit.share's cloudkit.* fields are thumbnailImageData BYTES, title STRING and type STRING.",
        rationale: """
            The CKShare record type, cloudkit.share, is created by CloudKit when the first share is saved; every \
            export lists its fields as "cloudkit.thumbnailImageData" BYTES, "cloudkit.title" STRING and \
            "cloudkit.type" STRING (docs/cloudkit-facts.md §2.5, §9 rule 4). Other cloudkit.* names are not known to \
            exist, and whether CloudKit would accept other types for its own fields is unknown, hence a warning.
            """,
        cloudKitRules: [4],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE "cloudkit.share" ("cloudkit.title" ↓BYTES, ↓"cloudkit.owner" STRING);
                """),
            .yaml("""
                recordTypes:
                  cloudkit.share:
                    fields: { cloudkit.type: ↓int64 }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE "cloudkit.share" ("cloudkit.thumbnailImageData" BYTES, "cloudkit.title" STRING, "cloudkit.type" STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.filter { $0.name == CloudKitNames.shareRecordType }.flatMap { type in
            type.fields.compactMap { field -> Diagnostic? in
                guard field.name.hasPrefix("cloudkit.") else { return nil }
                guard let expected = Self.knownFields[field.name] else {
                    let known = Describe.list(Self.knownFields.keys.sorted())
                    return context.diagnostic(
                        "'\(field.name)' is not a field of CloudKit's share type, whose fields are \(known)",
                        at: .field(type.name, field.name))
                }
                guard field.type != expected else { return nil }
                return context.diagnostic(
                    "field '\(field.name)' of 'cloudkit.share' is \(field.type); CloudKit's share type has it as \(expected)",
                    at: .fieldType(type.name, field.name))
            }
        }
    }
}
