package import CKSchemaCore

/// Record type, field and role names start with a letter and hold only letters, digits and underscores.
///
/// Lint: a name breaking `^[A-Za-z][A-Za-z0-9_]*$` is an error. Names starting with `_` are left to
/// `system_names_reserved`; `cloudkit.share` and its `cloudkit.*` fields are CloudKit's own and exempt.
package struct IdentifierCharactersRule: LintRule {
    package static let description = RuleDescription(
        id: "identifier_characters",
        kind: .lint,
        name: "Identifier Characters",
        category: .naming,
        defaultSeverity: .error,
        summary: "Names start with a letter and contain only ASCII letters, digits and underscores.",
        rationale: """
            Apple's schema language: "The first character must be one of a-z or A-Z. Subsequent characters \
            must be one of a-z, A-Z, 0-9, or _ (underscore)." CKRecord's record type and key rules say the \
            same. Quoting a name does not lift the rule (docs/cloudkit-facts.md §2.2, §9 rule 2).
            """,
        cloudKitRules: [2],
        examples: .schemas(triggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Feed (↓"feed-url" STRING);
                """),
            .yaml("""
                recordTypes:
                  ↓2Notes:
                    fields: { ↓title text: string }
                """),
        ],
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE "cloudkit.share" ("cloudkit.title" STRING, "___recordID" REFERENCE QUERYABLE);
                    RECORD TYPE Feed (feed_url STRING, Title2 STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let isIrregular = { (name: String) in !hasASCIIPrefix(name, "_") && !SchemaIdentifier.isPlainIdentifier(name) }
        // Field names are judged from the facts all naming rules share, the same tests on bytes read once.
        let fieldNames = context.fieldNames(of: schema)
        let isIrregularField = { (type: Int, field: Int) in
            let facts = fieldNames.types[type][field]
            return facts.first != UInt8(ascii: "_") && !facts.isPlainIdentifier
        }
        return NamedElement.all(in: schema, where: isIrregular, fields: isIrregularField).compactMap { element in
            guard !CloudKitNames.isAllowedSystemName(element) else { return nil }
            return context.diagnostic(
                "\(element.kind.rawValue) name '\(element.name)' \(Self.problem(with: element.name)); "
                    + "names start with a letter and contain only letters, digits and underscores",
                at: element.path)
        }
    }

    /// Says what is wrong with a name, in a few words.
    private static func problem(with name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        if !(first.isASCII && first.properties.isAlphabetic) { return "does not start with a letter" }
        let bad = name.unicodeScalars.first { scalar in
            !(scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"))
        }
        return bad.map { "contains '\($0)'" } ?? "is not a valid identifier"
    }
}
