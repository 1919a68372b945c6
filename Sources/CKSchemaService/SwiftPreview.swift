package import CKSchemaCore
package import CKSchemaCodegen
import CKSchemaRules

/// The Swift the `swift` generator writes for one record type, computed and returned, never written: what
/// an agent reads before it uses a generated model.
package enum SwiftPreview {
    /// The preview of `recordType`: its generated file and the findings of the lint and the generator; no
    /// file when either has an error.
    package static func generate(_ parsed: ParsedSchema, recordType: String, schemaPath: String,
                                 lint: LintSettings, options: [String: String]) throws(ServiceError)
        -> (file: GeneratedFile?, diagnostics: [Diagnostic]) {
        guard parsed.schema.recordType(named: recordType) != nil else {
            let close = Spelling.closest(recordType, among: parsed.schema.recordTypes.map(\.name))
            throw .invalidArgument("record type '\(recordType)' is not in the schema" + Spelling.didYouMean(close))
        }
        let findings = Linter(settings: lint).lint(parsed)
        if findings.containsErrors { return (nil, findings) }
        let generator: any SchemaGenerator
        do {
            generator = try BuiltInGenerators.make("swift", options: options) ?? SwiftGenerator()
        } catch {
            throw .invalidArgument(error.message)
        }
        let result = generator.generate(GeneratorInput(schema: parsed.schema, sourceMap: parsed.sourceMap,
                                                       schemaPath: schemaPath, language: parsed.language))
        let diagnostics = findings.filter { $0.severity != .note } + result.diagnostics
        // Each model's file declares its record type's name; the shared support files declare none.
        let declaration = "static let recordType = \"\(recordType)\""
        let file = result.files.first { $0.contents.contains(declaration) }
        return (result.succeeded ? file : nil, diagnostics)
    }
}
