package import CKSchemaCore

/// Names starting with an underscore belong to CloudKit.
///
/// Lint: a record type, field or custom role whose name starts with `_` is an error, unless CloudKit
/// defines it: the six system fields (which ckschema keeps apart) and the implicit roles. An unknown
/// `___` field such as `___recordType` is the usual case.
package struct SystemNamesReservedRule: LintRule {
    package static let description = RuleDescription(
        id: "system_names_reserved",
        kind: .lint,
        name: "System Names Reserved",
        category: .naming,
        defaultSeverity: .error,
        summary: "Only CloudKit's own system fields and roles have names starting with an underscore.",
        rationale: """
            "CloudKit reserves identifiers starting with a leading underscore as system-defined identifiers." \
            The system fields are exactly ___createTime, ___createdBy, ___etag, ___modTime, ___modifiedBy \
            and ___recordID; the implicit roles are _creator, _icloud and _world. Hand-written schemas \
            invent others (___recordType, ___recordName) that CloudKit does not have (docs/cloudkit-facts.md §2.3, \
            §9 rule 4).
            """,
        cloudKitRules: [4],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, ↓"___recordType" STRING);
                """),
            .ckdb("""
                DEFINE SCHEMA
                    CREATE ROLE ↓"_admin";
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note ("___recordID" REFERENCE QUERYABLE, title STRING, GRANT READ TO "_world");
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let fieldNames = context.fieldNames(of: schema)
        let isReservedField = { (type: Int, field: Int) in fieldNames.types[type][field].first == UInt8(ascii: "_") }
        return NamedElement.all(in: schema, where: { hasASCIIPrefix($0, "_") }, fields: isReservedField).map { element in
            let hint = element.name.hasPrefix("___")
                ? "CloudKit's system fields are \(SystemField.allCases.map { "'\($0.name)'" }.joined(separator: ", "))"
                : "names starting with an underscore are reserved for CloudKit"
            return context.diagnostic(
                "\(element.kind.rawValue) '\(element.name)' uses a name reserved for CloudKit; \(hint)",
                at: element.path)
        }
    }
}
