package import CKSchemaCore

/// An encrypted field merges by choosing a side (`server`, `client`, `latest`) or by `union`, never by
/// `max`, `min` or `sum`.
///
/// Lint (YAML only): an error at the `merge` that gives an encrypted field one of those policies.
package struct MergeEncryptedChoosesSideRule: LintRule {
    package static let description = RuleDescription(
        id: "merge_encrypted_chooses_side",
        kind: .lint,
        name: "Merge Encrypted Chooses Side",
        category: .encryption,
        defaultSeverity: .error,
        summary: "Encrypted fields do not merge by `max`, `min` or `sum`.",
        rationale: """
            A merge policy on an encrypted field is fine: the resolver runs on the device, on the decrypted \
            values of the three records. But `max`, `min` and `sum` compute a value from both sides; ckschema \
            keeps what it writes into an encrypted field to a value one of the user's devices wrote (or, for \
            lists, their elements), so that a merge never manufactures sensitive data nobody entered. A counter \
            or a bound that needs arithmetic is rarely secret: keep it in a plain field.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Reading:
                    fields:
                      heartRate: { type: int64, encrypted: true, ↓merge: max }
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Reading:
                    fields:
                      heartRate: { type: int64, encrypted: true, merge: latest }
                      views: { type: int64, merge: sum }
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        EffectiveMergePolicy.all(in: schema).filter { $0.policy.isArithmetic && $0.field.type.isEncrypted }.map { entry in
            context.diagnostic("\(entry.subject) is encrypted and merges by '\(entry.policy.rawValue)', which computes a "
                                   + "value neither device wrote; use server, client or latest", atFirstOf: entry.paths)
        }
    }
}
