package import CKSchemaCore

/// Generated Swift names do not collide.
///
/// Lint (YAML only): two record types, or two fields of one type, that would get the same Swift name — after
/// `swiftName` overrides and the generator's name conversion — are a warning at the later one, with a note at
/// the first.
package struct SwiftNamesUniqueRule: LintRule {
    package static let description = RuleDescription(
        id: "swift_names_unique",
        kind: .lint,
        name: "Swift Names Unique",
        category: .metadata,
        defaultSeverity: .warning,
        summary: "Record types, and the fields of a type, get distinct Swift names.",
        rationale: """
            `ckschema generate swift` names each record type and field after it: a `swiftName` override, else \
            the name itself, with Core Data's CD_ prefix dropped and, for names that are not Swift identifiers, \
            camel case made from the words (feed-url becomes feedUrl). Two elements that end up with one name \
            would generate code that does not compile. CloudKit is not concerned, so this is a warning; set \
            `swiftName` on one of them.
            """,
        languages: [.yaml],
        examples: .schemas(triggering: [
            .yaml("""
                recordTypes:
                  Feed:
                    fields:
                      feedUrl: string
                      ↓feed-url: string
                      title: string
                      name: { type: string, ↓swiftName: title }
                  CD_Feed:
                    ↓swiftName: Feed
                """),
        ],
        nonTriggering: [
            .yaml("""
                recordTypes:
                  Feed:
                    fields:
                      feedUrl: string
                      feed_url: string
                      name: { type: string, swiftName: displayName }
                  CD_Feed:
                    swiftName: LegacyFeed
                """),
        ])
    )

    package init() {}

    package func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        let types = schema.recordTypes
        var findings = Self.collisions(
            count: types.count, scope: "", context: context,
            swiftName: { types[$0].metadata.swiftName ?? SwiftIdentifiers.derivedName(for: types[$0].name, style: .upperCamelCase) },
            describe: { "record type '\(types[$0].name)'" },
            paths: { index in
                let type = types[index]
                return type.metadata.swiftName == nil ? [.recordType(type.name)]
                    : [.recordTypeKey(type.name, "swiftName"), .recordType(type.name)]
            })
        let fieldNames = context.fieldNames(of: schema)
        for (typeIndex, type) in types.enumerated() {
            let fields = type.fields
            let facts = fieldNames.types[typeIndex]
            findings += Self.collisions(
                count: fields.count, scope: " in record type '\(type.name)'", context: context,
                swiftName: { fields[$0].metadata.swiftName ?? SwiftIdentifiers.derivedName(for: fields[$0].name, style: .lowerCamelCase) },
                ownNameHash: { fields[$0].metadata.swiftName == nil && facts[$0].isOwnSwiftName ? facts[$0].caselessHash : nil },
                describe: { "field '\(fields[$0].name)'" },
                paths: { index in
                    let field = fields[index]
                    return field.metadata.swiftName == nil ? [.field(type.name, field.name)]
                        : [.fieldKey(type.name, field.name, "swiftName"), .field(type.name, field.name)]
                })
        }
        return findings
    }

    /// A finding for each of `count` elements whose Swift name an earlier one already has. Descriptions and
    /// paths are only built for the elements reported.
    private static func collisions(count: Int, scope: String, context: LintContext, swiftName: (Int) -> String?,
                                   ownNameHash: (Int) -> UInt64? = { _ in nil },
                                   describe: (Int) -> String, paths: (Int) -> [SchemaPath]) -> [Diagnostic] {
        // Swift names are computed twice only in a scope where two of them may collide: a first pass over
        // integer hashes finds no repeat in nearly every scope. The hashes ignore case, so that a name that is
        // its own Swift name (nearly every field's) is not derived: `FieldNameFacts` already holds its hash.
        // Names differing only in case then take the second pass, which compares them exactly.
        var hashes = NameHashSet(minimumCapacity: count)
        guard !(0..<count).allSatisfy({ index in
            if let hash = ownNameHash(index) { return hashes.insert(hash) }
            return swiftName(index).map { hashes.insert(NameHash.of($0, ignoringCase: true)) } ?? true
        }) else {
            return []
        }
        var holders: [String: Int] = [:]
        holders.reserveCapacity(count)
        var findings: [Diagnostic] = []
        for index in 0..<count {
            guard let name = swiftName(index) else { continue }
            guard let first = holders[name] else {
                holders[name] = index
                continue
            }
            let firstLocation = paths(first).lazy.compactMap(context.location(of:)).first
            findings.append(context.diagnostic(
                "\(describe(index)) and \(describe(first))\(scope) both get the Swift name '\(name)'; set 'swiftName' "
                    + "on one of them", atFirstOf: paths(index),
                notes: [Note("\(describe(first)) is declared here", at: firstLocation)]))
        }
        return findings
    }
}
