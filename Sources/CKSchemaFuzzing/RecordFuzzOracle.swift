import CKSchemaCore
import CKSchemaParsing
import CKSchemaValidation

/// What must hold for any input to the record reader (`ckschema validate`), checked on one input.
///
/// The first byte of an input chooses how it is read, so that one corpus reaches every input layout and
/// option; the rest is the document:
///
/// - bit 0: Web Services records (`{"records": […]}`, an array, NDJSON, one record — the reader tells them
///   apart) or cktool `--fields-json` payloads of type `Item`;
/// - bit 1: production or development semantics;
/// - bit 2: a small record size limit (1 KiB), so that the too-large path is taken;
/// - bit 3: a shallow depth limit (8), so that the too-deep path is taken;
/// - bit 4: a findings limit of 3, so that the omitted-findings path is taken.
///
/// The schema (`schemaText`) declares every field type, list, encryption and YAML metadata (enum, bool,
/// required, reference targets and actions), so every record check can fire.
///
/// Invariants: reading finishes without trapping; every finding has a registered ID, a message and a location
/// inside the input; a finding about a record names one that was read; no more records are invalid than read;
/// an input with errors is invalid and one without is valid; and the result is the same whether the input is
/// read in 4 KiB blocks (records straddling blocks, buffers growing) or in one 128 KiB block (fuzz inputs are
/// smaller): the verdict never depends on how the input happened to be split.
package struct RecordFuzzOracle: FuzzTarget {
    /// The schema records are checked against.
    package static let schemaText = """
        recordTypes:
          Item:
            fields:
              title:    { type: string, required: true }
              mood:     { type: string, enum: [happy, sad] }
              secret:   { type: string, encrypted: true }
              count:    int64
              score:    { type: double, replaces: { field: count, type: int64 }, lossy: true }
              flag:     bool
              ratio:    double
              amount:   { type: number, preferredAs: double }
              anything: number
              when:     timestamp
              data:     bytes
              place:    location
              photo:    asset
              parent:   { type: reference, to: Item, action: deleteSelf }
              other:    { type: reference, to: Other, action: none }
              loose:    reference
              tags:     list<string>
              counts:   list<int64>
              ratios:   list<double>
              times:    list<timestamp>
              blobs:    list<bytes>
              places:   list<location>
              photos:   list<asset>
              links:    { type: list<reference>, to: Other }
          Other:
            database: public
            fields: { name: string }

        """

    /// The validators of each selector (the low five bits of an input's first byte): one reading in 4 KiB blocks,
    /// one reading in one 128 KiB block. (Splitting a block between threads starts at 128 KiB of records, above
    /// any fuzz input; `StreamingTests` compares parallel and sequential runs.) Made once: compiling the schema per input would cost
    /// more than reading most inputs.
    private let validators: [(streamed: RecordValidator, whole: RecordValidator)]

    package init() {
        let schema = YAMLSchemaParser.parse([SourceFile(path: "records.yaml", text: Self.schemaText)]).schema
        validators = (0..<32).map { selector in
            (RecordValidator(schema: schema, options: Self.options(UInt8(selector), parallelism: 1, blockSize: 4096)),
             RecordValidator(schema: schema, options: Self.options(UInt8(selector), parallelism: 1, blockSize: 128 << 10)))
        }
    }

    /// The options the first byte of an input chooses, read on `parallelism` threads in `blockSize` blocks.
    static func options(_ selector: UInt8, parallelism: Int, blockSize: Int) -> ValidationOptions {
        ValidationOptions(
            format: selector & 1 == 0 ? .webServices : .cktoolFields(recordType: "Item"),
            environment: selector & 2 == 0 ? .production : .development,
            parallelism: parallelism, readBlockSize: blockSize,
            maximumRecordBytes: selector & 4 == 0 ? 32 << 20 : 1024,
            maximumDepth: selector & 8 == 0 ? 512 : 8,
            maximumFindings: selector & 16 == 0 ? ValidationOptions.defaultMaximumFindings : 3)
    }

    package func check(_ bytes: some Collection<UInt8>) -> FuzzOutcome {
        let selector = Int((bytes.first ?? 0) & 31)
        let document = Array(bytes.dropFirst())
        let name = "fuzz.json"
        let streamed = validators[selector].streamed.validate(document, name: name)
        let whole = validators[selector].whole.validate(document, name: name)
        var outcome = FuzzOutcome()
        outcome.diagnosticIDs = Set(streamed.diagnostics.map(\.id.rawValue))
        outcome.failures = Self.failures(of: streamed, document: document, name: name)
        if streamed.diagnostics != whole.diagnostics || streamed.recordCount != whole.recordCount
            || streamed.invalidRecordCount != whole.invalidRecordCount || streamed.omitted != whole.omitted {
            outcome.failures.append("reading in 4 KiB blocks and in one block disagree "
                + "(\(streamed.diagnostics.count) and \(whole.diagnostics.count) findings, \(streamed.recordCount) "
                + "and \(whole.recordCount) records)")
        }
        return outcome
    }

    /// The invariants one result must keep.
    static func failures(of result: ValidationResult, document: [UInt8], name: String) -> [String] {
        var failures: [String] = []
        let known = Set(RecordRules.all.map(\.id))
        let lineCount = document.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        for diagnostic in result.diagnostics {
            if !known.contains(diagnostic.id) { failures.append("'\(diagnostic.id)' is not a registered record check") }
            if diagnostic.message.isEmpty { failures.append("'\(diagnostic.id)' has an empty message") }
            if let location = diagnostic.location {
                if location.file != name || location.line < 1 || location.line > lineCount || location.column < 1 {
                    failures.append("'\(diagnostic.id)' is located outside the input, at \(location)")
                }
            } else if diagnostic.id != .recordFindingsOmitted {
                failures.append("'\(diagnostic.id)' has no location")
            }
            if let record = diagnostic.record, record.index < 0 || record.index >= max(result.recordCount, 1) {
                failures.append("'\(diagnostic.id)' names record #\(record.index) of \(result.recordCount)")
            }
        }
        if result.invalidRecordCount > result.recordCount {
            failures.append("\(result.invalidRecordCount) invalid records of \(result.recordCount) read")
        }
        if result.invalidRecordCount > 0 && result.isValid {
            failures.append("\(result.invalidRecordCount) invalid records, yet the result is valid")
        }
        return failures
    }
}
