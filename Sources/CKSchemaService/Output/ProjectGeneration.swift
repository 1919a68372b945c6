package import CKSchemaCodegen
package import CKSchemaCore
import CKSchemaRules

/// `generate` of a project, as `ckschema generate` and the MCP `generate` tool both run it: the schema linted
/// (errors stop it), the generator run, and what writing its files into the output folder would change.
package struct ProjectGeneration: Sendable {
    /// What writing the files changes (`apply` writes it, all or nothing).
    package let output: GeneratedOutput
    /// The lint's warnings and the generator's findings, to report.
    package let diagnostics: [Diagnostic]
}

extension Project {
    /// Generates from `parsed` (named by `schemaArguments`, none: the project schema) with `generate`, whose
    /// files are to go into `folder`. A schema with errors, or one the generator cannot represent, is thrown
    /// with its findings; nothing is written here.
    package func generation(_ parsed: ParsedSchema, schemaArguments: [String], generator name: String, into folder: String,
                            generate: (GeneratorInput) throws(ServiceError) -> GenerationResult)
        throws(ServiceError) -> ProjectGeneration {
        let findings = Linter(settings: configuration.lint).lint(parsed)
        if findings.containsErrors {
            throw .invalid("the schema has errors; nothing was generated", diagnostics: findings, sources: parsed.sources)
        }
        let input = GeneratorInput(schema: parsed.schema, sourceMap: parsed.sourceMap,
                                   schemaPath: SchemaPathText.describe(schemaArguments: schemaArguments, project: self),
                                   language: parsed.language)
        let result = try generate(input)
        let reported = findings.filter { $0.severity != .note } + result.diagnostics
        guard result.succeeded else {
            throw .invalid("generator '\(name)' cannot represent the schema; nothing was written", diagnostics: reported,
                           sources: parsed.sources)
        }
        return ProjectGeneration(output: try GeneratedOutput.plan(result.files, in: folder), diagnostics: reported)
    }
}
