import CKSchemaCore
import CKSchemaPrinting

/// The `ckdb` generator: the schema in the CloudKit Schema Language exactly as `cktool export-schema` writes
/// it (the canonical printer), after the header comment, for `cktool import-schema`. YAML-only metadata is not
/// part of the language and is left out.
package struct CKDBGenerator: SchemaGenerator {
    /// `ckdb`.
    package let name = "ckdb"
    /// The name of the file written.
    package var fileName: String

    package init(fileName: String = "schema.ckdb") {
        self.fileName = fileName
    }

    /// Prints `input.schema`.
    package func generate(_ input: GeneratorInput) -> GenerationResult {
        // The language has `//` line comments; CloudKit drops them on import.
        let contents = "// " + GeneratedHeader.text(schemaPath: input.schemaPath) + "\n" + CKDBPrinter.print(input.schema)
        return GenerationResult(files: [GeneratedFile(name: fileName, contents: contents)], diagnostics: [])
    }
}
