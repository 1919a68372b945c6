public import CKSchemaCore

/// What validating one or more record inputs found.
public struct ValidationResult: Sendable {
    /// Every finding, in input order (file by file, record by record, field by field).
    public var diagnostics: [Diagnostic]
    /// How many records were read (array elements, NDJSON lines, payloads), valid or not.
    public var recordCount: Int
    /// How many of them have at least one error.
    public var invalidRecordCount: Int
    /// How many bytes of input were read.
    public var byteCount: Int

    /// Creates a result.
    public init(diagnostics: [Diagnostic] = [], recordCount: Int = 0, invalidRecordCount: Int = 0, byteCount: Int = 0) {
        self.diagnostics = diagnostics
        self.recordCount = recordCount
        self.invalidRecordCount = invalidRecordCount
        self.byteCount = byteCount
    }

    /// Whether nothing at error severity was found (warnings allowed).
    public var isValid: Bool {
        !diagnostics.containsErrors
    }
}

/// How far a validation run has got, reported after each block for progress displays.
public struct ValidationProgress: Sendable {
    /// The input being read (its path, or `-` for standard input).
    public var input: String
    /// Bytes of that input read so far.
    public var bytesRead: Int
    /// Its size when known in advance (regular files), for a percentage.
    public var totalBytes: Int?
    /// Records validated so far in this run, all inputs together.
    public var recordsValidated: Int
}
