package import CKSchemaCore
package import CKSchemaRules

/// `lint`: every enabled lint rule over schemas, as `ckschema lint` and the MCP `lint` tool both run it.
package enum SchemaLint {
    /// The findings of the configuration (`configuration`) and of every rule over `schemas`, each schema judged
    /// against what production holds, sorted for output.
    package static func run(_ schemas: [ParsedSchema], settings: LintSettings, configuration: [Diagnostic],
                            production: ProductionBaseline) -> [Diagnostic] {
        let linter = Linter(settings: settings)
        var diagnostics = configuration
        for schema in schemas {
            diagnostics += linter.lint(schema, production: production.schema(for: schema))
        }
        return Diagnostic.sortedForOutput(diagnostics)
    }

    /// The files whose lines the findings quote: the schemas' and the configuration's.
    package static func sources(_ schemas: [ParsedSchema], configFile: SourceFile?) -> [SourceFile] {
        schemas.flatMap(\.sources) + [configFile].compactMap { $0 }
    }

    /// `5 files, 4 record types: no problems`: what a clean run checked, so that it visibly did something.
    package static func cleanSummary(_ schemas: [ParsedSchema]) -> String {
        let files = Set(schemas.flatMap { $0.sources.map(\.path) }).count
        let types = schemas.reduce(0) { $0 + $1.schema.recordTypes.count }
        return "\(count(files, "file")), \(count(types, "record type")): no problems"
    }

    /// `2 errors, 1 warning, 0 notes`: what a run found.
    package static func findingsSummary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        return "\(count(errors, "error")), \(count(warnings, "warning")), \(count(diagnostics.count - errors - warnings, "note"))"
    }

    /// `1 file`, `2 files`.
    package static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
