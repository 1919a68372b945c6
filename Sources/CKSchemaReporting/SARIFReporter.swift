package import CKSchemaCore

/// SARIF 2.1.0, the format GitHub code scanning and many editors read: one run, the rule catalog as
/// `tool.driver.rules`, one result per diagnostic with `startLine`/`startColumn` (columns in Unicode code
/// points, declared by `columnKind`), notes as related locations.
package struct SARIFReporter: Reporter {
    package init() {}

    package func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        // The context's rules first; then the catalog's entry for any other ID that occurs (built-in checks,
        // another kind's rules), or a bare entry for an ID no catalog knows.
        let listed = Set(context.rules.map(\.id))
        let others = Set(diagnostics.map(\.id)).subtracting(listed).sorted { $0.rawValue < $1.rawValue }
        let rules = (context.rules + others.map { id in
            RuleCatalog.entry(withID: id)
                ?? RuleDescription(id: id, kind: .builtIn, name: id.rawValue, category: .syntax, defaultSeverity: .error,
                                   summary: id.rawValue)
        }).map(SARIFRule.init)
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = diagnostics.map { diagnostic in
            SARIFResult(
                ruleId: diagnostic.id.rawValue, ruleIndex: index[diagnostic.id.rawValue] ?? 0,
                level: Self.level(diagnostic.severity), message: .init(text: diagnostic.message),
                locations: diagnostic.location.map { [SARIFLocation($0, message: nil)] } ?? [],
                relatedLocations: diagnostic.notes.compactMap { note in
                    note.location.map { SARIFLocation($0, message: note.message) }
                })
        }
        let log = SARIFLog(runs: [SARIFRun(
            tool: .init(driver: .init(name: "ckschema", version: context.toolVersion,
                                      informationUri: "https://github.com/ckschema/ckschema", rules: rules)),
            results: results)])
        return JSONOutput.encode(log)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}

private struct SARIFLog: Encodable {
    let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    let version = "2.1.0"
    let runs: [SARIFRun]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }
}

private struct SARIFRun: Encodable {
    let tool: Tool
    let results: [SARIFResult]
    let columnKind = "unicodeCodePoints"

    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name: String
        let version: String
        let informationUri: String
        let rules: [SARIFRule]
    }
}

private struct SARIFText: Encodable { let text: String }

private struct SARIFRule: Encodable {
    let id: String
    let name: String
    let shortDescription: SARIFText
    let fullDescription: SARIFText
    let help: Help
    let defaultConfiguration: Configuration
    let properties: Properties

    /// The rule's metadata; its category and kind are its tags.
    init(_ rule: RuleDescription) {
        let help = rule.rationale.isEmpty ? rule.summary : "\(rule.summary) \(rule.rationale)"
        id = rule.id.rawValue
        name = rule.name.replacing(" ", with: "")
        shortDescription = SARIFText(text: rule.summary)
        fullDescription = SARIFText(text: rule.rationale.isEmpty ? rule.summary : rule.rationale)
        self.help = Help(text: help, markdown: "**\(rule.summary)**\n\n"
            + (rule.rationale.isEmpty ? "" : "\(rule.rationale)\n\n") + "See `ckschema rules \(rule.id)`.")
        defaultConfiguration = Configuration(level: SARIFReporter.level(rule.defaultSeverity), enabled: rule.isEnabledByDefault)
        properties = Properties(category: rule.category.rawValue, tags: [rule.category.rawValue, rule.kind.rawValue])
    }

    struct Help: Encodable {
        let text: String
        let markdown: String
    }
    struct Configuration: Encodable {
        let level: String
        let enabled: Bool
    }
    struct Properties: Encodable {
        let category: String
        let tags: [String]
    }
}

private struct SARIFResult: Encodable {
    let ruleId: String
    let ruleIndex: Int
    let level: String
    let message: SARIFText
    let locations: [SARIFLocation]
    let relatedLocations: [SARIFLocation]
}

private struct SARIFLocation: Encodable {
    let physicalLocation: Physical
    let message: SARIFText?

    init(_ location: SourceLocation, message: String?) {
        physicalLocation = Physical(artifactLocation: .init(uri: Self.uri(for: location.file)),
                                    region: .init(startLine: location.line, startColumn: location.column))
        self.message = message.map(SARIFText.init)
    }

    /// A path as a URI reference (RFC 3986): relative paths stay relative, so that code scanning resolves
    /// them against the repository; absolute ones become `file://` URIs. Characters outside the unreserved
    /// set and `/` are percent-encoded.
    static func uri(for path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// ASCII letters, digits, `-`, `.`, `_`, `~` and the path separator `/`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~/".utf8.contains(byte)
        }
    }

    struct Physical: Encodable {
        let artifactLocation: Artifact
        let region: Region
    }
    struct Artifact: Encodable { let uri: String }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
}
