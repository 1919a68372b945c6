package import CKSchemaCore

/// Names in one scope differ by more than letter case.
///
/// Lint: two record types, two fields of one type, or two roles whose names differ only in case are a warning
/// at the later one, with a note at the first.
package struct UniqueNamesIgnoringCaseRule: LintRule {
    package static let description = RuleDescription(
        id: "unique_names_ignoring_case",
        kind: .lint,
        name: "Unique Names Ignoring Case",
        category: .naming,
        defaultSeverity: .warning,
        summary: "Record types, the fields of a type and roles do not differ only in letter case.",
        rationale: """
            Whether CloudKit compares type and field names with or without case is unknown (docs/cloudkit-facts.md \
            §2.2, §3, §9 rule 19, unknown). If it ignores case, the second name is rejected or aliases the \
            first; if not, code that builds keys by hand, the Console and case-insensitive file systems (one \
            generated file per type) still confuse them. Hence a warning.
            """,
        cloudKitRules: [19],
        examples: .schemas(triggering: [
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
        nonTriggering: [
            .ckdb("""
                DEFINE SCHEMA
                    RECORD TYPE Note (title STRING, subtitle STRING);
                    RECORD TYPE Tag (title STRING);
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let roles = schema.roles.map(\.name), types = schema.recordTypes.map(\.name)
        var findings = Self.hasRepeat(roles.count, hash: { NameHash.of(roles[$0], ignoringCase: true) })
            ? Self.collisions(roles, noun: "role", scope: "", context: context) { .role($0) } : []
        if Self.hasRepeat(types.count, hash: { NameHash.of(types[$0], ignoringCase: true) }) {
            findings += Self.collisions(types, noun: "record type", scope: "", context: context) { .recordType($0) }
        }
        // The fields' caseless hashes are computed once for all naming rules (`FieldNameFacts`).
        let fieldNames = context.fieldNames(of: schema)
        for (index, type) in schema.recordTypes.enumerated() {
            let facts = fieldNames.types[index]
            guard Self.hasRepeat(facts.count, hash: { facts[$0].caselessHash }) else { continue }
            findings += Self.collisions(type.fields.map(\.name), noun: "field",
                                        scope: " in record type '\(type.name)'", context: context) { .field(type.name, $0) }
        }
        return findings
    }

    /// Whether two of `count` names have the same hash: a first pass over integers that finds no repeat in nearly
    /// every scope, so that only a scope with one compares names.
    private static func hasRepeat(_ count: Int, hash: (Int) -> UInt64) -> Bool {
        var hashes = NameHashSet(minimumCapacity: count)
        return !(0..<count).allSatisfy { hashes.insert(hash($0)) }
    }

    /// A finding for each name that an earlier, different name equals ignoring ASCII case.
    private static func collisions(_ names: [String], noun: String, scope: String, context: LintContext,
                                   path: (String) -> SchemaPath) -> [Diagnostic] {
        var first: [CaselessName: String] = [:]
        first.reserveCapacity(names.count)
        var findings: [Diagnostic] = []
        for name in names {
            guard let earlier = first[CaselessName(name)] else {
                first[CaselessName(name)] = name
                continue
            }
            guard earlier != name else { continue }  // an exact duplicate is unique_names' finding
            findings.append(context.diagnostic(
                "\(noun) '\(name)' differs from \(noun) '\(earlier)'\(scope) only in letter case", at: path(name),
                notes: [Note("'\(earlier)' is declared here", at: context.location(of: path(earlier)))]))
        }
        return findings
    }
}

/// A name compared and hashed ignoring ASCII letter case, without building a lower-cased copy. CloudKit names
/// are ASCII (`identifier_characters`), so ASCII folding is the case-insensitivity that matters.
private struct CaselessName: Hashable {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(NameHash.of(name, ignoringCase: true))
    }

    static func == (lhs: CaselessName, rhs: CaselessName) -> Bool {
        lhs.name.utf8.count == rhs.name.utf8.count
            && zip(lhs.name.utf8, rhs.name.utf8).allSatisfy { NameHash.folded($0) == NameHash.folded($1) }
    }
}
