package import CKSchemaCore
import CKSchemaRules

/// `lint` of a project, as `ckschema lint` and the MCP `lint` tool both run it: every rule over the schemas
/// named, each judged against production's snapshot, and — when the project schema is what is linted — its
/// access tests.
package struct ProjectLint: Sendable {
    /// The findings, sorted for output.
    package let diagnostics: [Diagnostic]
    /// The files the findings quote: the schemas', the configuration's and the access tests'.
    package let sources: [SourceFile]

    /// Whether an access test names a role or record type the schema lacks: the run could not judge it
    /// (`ckschema lint` exits 2, the MCP `lint` tool answers an error).
    package var hasInvalidTests: Bool { AccessTestChecker.hasInvalidTests(diagnostics) }
}

extension Project {
    /// Lints `schemas`, which `paths` named (none: the project schema, whose access tests run too).
    package func lint(_ schemas: [ParsedSchema], paths: [String]) throws(ServiceError) -> ProjectLint {
        let findings = SchemaLint.run(schemas, settings: configuration.lint, configuration: diagnostics,
                                      production: ProductionBaseline(snapshotPath: snapshotPath(.production)))
        let access = try accessTestFindings(paths: paths, schemas: schemas)
        return ProjectLint(diagnostics: Diagnostic.sortedForOutput(findings + access.diagnostics),
                           sources: SchemaLint.sources(schemas, configFile: configFile) + access.sources)
    }
}
