package import CKSchemaCore
import CKSchemaPrinting
import CKSchemaRules

/// `convert`: a schema printed in the other language, as `ckschema convert` and the MCP `convert` tool both
/// do it.
package enum SchemaConversion {
    /// Rules whose findings mean the text says something the schema model does not hold (a second role in one
    /// GRANT, a second definition, a system field's written type): converting would write less than the input
    /// says, so they are errors here whatever the configuration says.
    package static let lossRules = ["grant_single_role", "unique_names", "field_declared_once", "system_field_type"]

    /// What .ckdb output leaves out of a schema that carries YAML metadata.
    package static let metadataNote = ".ckdb cannot express the YAML metadata (docs, enums, bool, zones, required, "
        + "defaults, reference targets, Swift names); it is left out"

    /// The syntax errors and lint errors of `parsed`, the loss rules always included: converting is refused
    /// when there are any.
    package static func errors(in parsed: ParsedSchema, settings: LintSettings) -> [Diagnostic] {
        var settings = settings
        for id in lossRules { settings.severities[id] = .error }
        return Linter(settings: settings).lint(parsed).filter { $0.severity == .error }
    }

    /// The language to write when none is asked for: models and YAML convert to .ckdb (what cktool
    /// import-schema takes), .ckdb to YAML.
    package static func defaultTarget(of parsed: ParsedSchema, fromModels: Bool) -> SchemaLanguage {
        parsed.language == .yaml || fromModels ? .ckdb : .yaml
    }

    /// `schema` printed in `language`, with the note to give when .ckdb drops YAML metadata. What YAML says
    /// that .ckdb can say only in comments (`database:`, `createdIn:`, a field's migration) is kept as
    /// `// ckschema:` directives.
    package static func text(_ schema: Schema, in language: SchemaLanguage) -> (text: String, note: String?) {
        switch language {
        case .ckdb:
            (CKDBPrinter.print(schema, directives: true),
             schema != CKDBPrinter.keepingDirectives(schema) ? metadataNote : nil)
        case .yaml: (YAMLPrinter.print(schema), nil)
        }
    }
}
