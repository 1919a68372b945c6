package import CKSchemaCore

/// Validates CloudKit records against a schema: every value rule of docs/cloudkit-facts.md §5, §6 and §9 rules
/// 31–36 plus the YAML metadata (`required`, `enum`, `bool`, reference targets).
///
/// Inputs are streamed: NDJSON lines and the elements of large arrays are read block by block and checked
/// on `options.parallelism` threads, so memory stays flat however large the input. Findings come back in
/// input order whatever the parallelism.
///
///     let validator = RecordValidator(schema: schema)
///     let result = try validator.validate([.file("seed.ndjson")])
///     if !result.isValid { … result.diagnostics … }
package struct RecordValidator: Sendable {
    /// The schema records are checked against.
    package let schema: Schema
    package let options: ValidationOptions
    private let compiled: CompiledSchema

    /// Prepares a validator for `schema`.
    package init(schema: Schema, options: ValidationOptions = ValidationOptions()) {
        self.schema = schema
        self.options = options
        compiled = CompiledSchema(schema)
    }

    /// Validates `inputs` in order; reference targets are resolved across all of them.
    ///
    /// - Parameter progress: called after each block read, on the calling thread.
    /// - Throws: `RecordInputError` when an input cannot be opened or read (findings about its content are
    ///   never thrown).
    package func validate(_ inputs: [RecordInput],
                         progress: ((ValidationProgress) -> Void)? = nil) throws(RecordInputError) -> ValidationResult {
        var result = ValidationResult()
        var references = ReferenceLedger()
        let validation = InputValidation(schema: schema, compiled: compiled, options: options)
        for input in inputs {
            var source = try ByteSource(opening: input)
            defer { source.close() }
            try validation.run(&source, into: &result, references: &references, progress: progress)
        }
        let (referenceFindings, newlyInvalid) = references.findings(in: compiled)
        result.append(contentsOf: referenceFindings, limit: options.maximumFindings)
        result.invalidRecordCount += newlyInvalid
        result.summarizeOmitted(limit: options.maximumFindings)
        return result
    }

    /// Validates one in-memory document called `name`.
    package func validate(_ bytes: [UInt8], name: String = "<input>") -> ValidationResult {
        (try? validate([.bytes(bytes, name: name)])) ?? ValidationResult()
    }

    /// Validates the UTF-8 text `text` called `name`.
    package func validate(text: String, name: String = "<input>") -> ValidationResult {
        validate(Array(text.utf8), name: name)
    }
}
