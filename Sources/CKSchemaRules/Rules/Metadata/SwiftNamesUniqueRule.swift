public import CKSchemaCore

/// Generated Swift names do not collide.
///
/// Lint (YAML only): two record types, or two fields of one type, that would get the same Swift name — after
/// `swiftName` overrides and the generator's name conversion — are a warning at the later one, with a note at
/// the first.
public struct SwiftNamesUniqueRule: LintRule {
    public static let description = RuleDescription(
        id: "swift_names_unique",
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
        triggeringExamples: [
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
        nonTriggeringExamples: [
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
        ]
    )

    public init() {}

    public func lint(_ schema: Schema, context: LintContext) -> [Diagnostic] {
        var findings = Self.collisions(
            schema.recordTypes.map { type in
                Claim(name: type.metadata.swiftName ?? SwiftNames.name(for: type.name, style: .type),
                      element: "record type '\(type.name)'",
                      paths: type.metadata.swiftName == nil ? [.recordType(type.name)]
                          : [.recordTypeKey(type.name, "swiftName"), .recordType(type.name)])
            }, scope: "", context: context)
        for type in schema.recordTypes {
            findings += Self.collisions(
                type.fields.map { field in
                    Claim(name: field.metadata.swiftName ?? SwiftNames.name(for: field.name, style: .property),
                          element: "field '\(field.name)'",
                          paths: field.metadata.swiftName == nil ? [.field(type.name, field.name)]
                              : [.fieldKey(type.name, field.name, "swiftName"), .field(type.name, field.name)])
                }, scope: " in record type '\(type.name)'", context: context)
        }
        return findings
    }

    /// One element's claim on a Swift name.
    private struct Claim {
        let name: String?
        let element: String
        let paths: [SchemaPath]
    }

    private static func collisions(_ claims: [Claim], scope: String, context: LintContext) -> [Diagnostic] {
        var holders: [String: Claim] = [:]
        var findings: [Diagnostic] = []
        for claim in claims {
            guard let name = claim.name else { continue }
            guard let first = holders[name] else {
                holders[name] = claim
                continue
            }
            findings.append(context.diagnostic(
                "\(claim.element) and \(first.element)\(scope) both get the Swift name '\(name)'; set 'swiftName' "
                    + "on one of them", atFirstOf: claim.paths,
                notes: [Note("\(first.element) is declared here", at: first.paths.lazy.compactMap(context.location(of:)).first)]))
        }
        return findings
    }
}
