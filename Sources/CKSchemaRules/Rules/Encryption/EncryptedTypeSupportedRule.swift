package import CKSchemaCore

/// ENCRYPTED applies only to BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP (and lists of them).
///
/// Lint: an encrypted ASSET, REFERENCE or NUMBER (or a list of one) is an error, at `encrypted:` in YAML and
/// at the type in `.ckdb`.
package struct EncryptedTypeSupportedRule: LintRule {
    package static let description = RuleDescription(
        id: "encrypted_type_supported",
        kind: .lint,
        name: "Encrypted Type Supported",
        category: .encryption,
        defaultSeverity: .error,
        summary: "Only BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP fields (or lists of them) are ENCRYPTED.",
        rationale: """
            The grammar allows ENCRYPTED only before BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP. \
            Apple: assets are "encrypted by default", and CKRecord.Reference "isn't encrypted so it remains \
            available for server-side use"; CKTool JS has no encrypted reference, asset or number values \
            (docs/cloudkit-facts.md §4.3, §9 rules 5 and 8). Drop `encrypted` from such a field.
            """,
        cloudKitRules: [5, 8],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (photo ↓ENCRYPTED ASSET, owner ↓ENCRYPTED REFERENCE, links ↓LIST<ENCRYPTED REFERENCE>);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      photo: { type: asset, ↓encrypted: true }
                      count:
                        type: number
                        ↓encrypted: true
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (body ENCRYPTED STRING, at ENCRYPTED LOCATION, scores LIST<ENCRYPTED DOUBLE>, photo ASSET);
                """),
            .yaml("""
                recordTypes:
                  Note:
                    fields:
                      body: { type: string, encrypted: true }
                      readings: { type: list<int64>, encrypted: true }
                      photo: { type: asset, encrypted: false }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        schema.recordTypes.flatMap { type in
            type.fields.compactMap { field -> Diagnostic? in
                guard field.type.isEncrypted, !field.type.primitive.isEncryptable else { return nil }
                let reason = switch field.type.primitive {
                case .asset: "assets are always encrypted by CloudKit"
                case .reference: "references stay readable to the server"
                default: "CloudKit encrypts only BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP"
                }
                return context.diagnostic(
                    "\(Describe.field(field.name, of: type.name)) cannot be \(field.type); \(reason)",
                    atFirstOf: [.fieldKey(type.name, field.name, "encrypted"), .fieldType(type.name, field.name)])
            }
        }
    }
}
