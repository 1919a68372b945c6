public import CKSchemaCore

/// Names in one scope differ by more than letter case.
///
/// Lint: two record types, two fields of one type, or two roles whose names differ only in case are a warning
/// at the later one, with a note at the first.
public struct UniqueNamesIgnoringCaseRule: LintRule {
    public static let description = RuleDescription(
        id: "unique_names_ignoring_case",
        name: "Unique Names Ignoring Case",
        category: .naming,
        defaultSeverity: .warning,
        summary: "Record types, the fields of a type and roles do not differ only in letter case.",
        rationale: """
            Whether CloudKit compares type and field names with or without case is unknown (CLOUDKIT-RULES \
            §2.2, §3, §9 rule 19, [UNKNOWN]). If it ignores case, the second name is rejected or aliases the \
            first; if not, code that builds keys by hand, the Console and case-insensitive file systems (one \
            generated file per type) still confuse them. Hence a warning.
            """,
        cloudKitRules: [19],
        triggeringExamples: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, ↓Title STRING);
                    RECORD TYPE ↓NOTE (body STRING);
                """),
            .yaml("""
                roles: [Editor, ↓editor]
                recordTypes:
                  Note:
                    fields: { createdAt: timestamp, ↓createdat: timestamp }
                """),
        ],
        nonTriggeringExamples: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, subtitle STRING);
                    RECORD TYPE Tag (title STRING);
                """),
        ]
    )

    public init() {}

    public func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings = Self.collisions(schema.roles.map { ($0.name, SchemaPath.role($0.name)) }, noun: "role",
                                       scope: "", context: context)
        findings += Self.collisions(schema.recordTypes.map { ($0.name, .recordType($0.name)) }, noun: "record type",
                                    scope: "", context: context)
        for type in schema.recordTypes {
            findings += Self.collisions(type.fields.map { ($0.name, .field(type.name, $0.name)) }, noun: "field",
                                        scope: " in record type '\(type.name)'", context: context)
        }
        return findings
    }

    /// A finding for each name whose lower-case form an earlier, different name already has.
    private static func collisions(_ names: [(String, SchemaPath)], noun: String, scope: String,
                                   context: LintContext) -> [Diagnostic] {
        var first: [String: (name: String, path: SchemaPath)] = [:]
        var findings: [Diagnostic] = []
        for (name, path) in names {
            let key = name.lowercased()
            guard let earlier = first[key] else {
                first[key] = (name, path)
                continue
            }
            guard earlier.name != name else { continue }  // an exact duplicate is unique_names' finding
            findings.append(context.diagnostic(
                "\(noun) '\(name)' differs from \(noun) '\(earlier.name)'\(scope) only in letter case",
                at: path, notes: [Note("'\(earlier.name)' is declared here", at: context.location(of: earlier.path))]))
        }
        return findings
    }
}
