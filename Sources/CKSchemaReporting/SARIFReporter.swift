public import CKSchemaCore
internal import CKSchemaRules

/// SARIF 2.1.0, the format GitHub code scanning and many editors read: one run, the rule catalog as
/// `tool.driver.rules`, one result per diagnostic with `startLine`/`startColumn` (columns in Unicode code
/// points, declared by `columnKind`), notes as related locations.
public struct SARIFReporter: Reporter {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var rules = context.rules.map { rule in
            SARIFRule(id: rule.id.rawValue, name: rule.name.replacing(" ", with: ""),
                      shortDescription: .init(text: rule.summary), fullDescription: .init(text: rule.rationale),
                      defaultConfiguration: .init(level: Self.level(rule.defaultSeverity)),
                      properties: .init(category: rule.category.rawValue))
        }
        let known = Set(rules.map(\.id))
        for id in Set(diagnostics.map(\.id.rawValue)).subtracting(known).sorted() {
            let summary = BuiltInChecks.summary(of: DiagnosticID(id)) ?? id
            rules.append(SARIFRule(id: id, name: id, shortDescription: .init(text: summary),
                                   fullDescription: .init(text: summary), defaultConfiguration: .init(level: "error"),
                                   properties: .init(category: "built-in")))
        }
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

    private static func level(_ severity: Severity) -> String {
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
    let defaultConfiguration: Configuration
    let properties: Properties

    struct Configuration: Encodable { let level: String }
    struct Properties: Encodable { let category: String }
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
        physicalLocation = Physical(artifactLocation: .init(uri: location.file),
                                    region: .init(startLine: location.line, startColumn: location.column))
        self.message = message.map(SARIFText.init)
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
