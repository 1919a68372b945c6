import CKSchemaCore
import CKSchemaTestSupport
import CKSchemaValidation
import Foundation
import Testing

/// Streaming: records cross read blocks, long records grow the buffer, oversized ones are skipped, and
/// parallel runs give the same findings in the same order as sequential ones.
@Suite struct StreamingTests {
    /// A few thousand records, every seventh with a problem, some long enough to span small blocks.
    static func mixedRecords(_ count: Int) -> [String] {
        (0..<count).map { index in
            switch index % 7 {
            case 0: Fixtures.note(#""count":{"value":"x\#(index)"}"#, name: "r\(index)")
            case 3: Fixtures.note(#""tags":{"value":[""# + String(repeating: "long ", count: 300) + #""]}"#, name: "r\(index)")
            case 5: #"{"recordName":"r\#(index)","recordType":"Note","fields":{"title":{"value":"t",}}}"#
            default: Fixtures.note(#""ratings":{"value":[1,2,3]}"#, name: "r\(index)")
            }
        }
    }

    @Test(arguments: ["ndjson", "array", "response"])
    func parallelAndSequentialRunsAgree(_ layout: String) {
        let records = Self.mixedRecords(3000)
        let text = switch layout {
        case "ndjson": records.joined(separator: "\n")
        case "array": "[\n" + records.joined(separator: ",\n") + "\n]"
        default: #"{"records": ["# + records.joined(separator: ",") + "]}"
        }
        let sequential = Fixtures.validate(text, options: ValidationOptions(parallelism: 1, readBlockSize: 4096))
        let parallel = Fixtures.validate(text, options: ValidationOptions(parallelism: 3, readBlockSize: 64 * 1024))
        let wholeBlock = Fixtures.validate(text, options: ValidationOptions(parallelism: 4))
        #expect(sequential.diagnostics.count > 400)
        #expect(sequential.diagnostics == parallel.diagnostics)
        #expect(sequential.diagnostics == wholeBlock.diagnostics)
        #expect(sequential.recordCount == parallel.recordCount)
        #expect(sequential.invalidRecordCount == parallel.invalidRecordCount)
        let indexes = sequential.diagnostics.compactMap(\.record?.index)
        #expect(indexes == indexes.sorted())
    }

    /// A file is read a block at a time, a large block as two halves at once (`pread` on two threads): the
    /// findings, their lines and the counts are those of the same bytes validated from memory, whether the
    /// file ends in a block's first half, its second, or exactly at a block's end.
    @Test(arguments: [0, 1, 2])
    func aFileReadInHalvesGivesTheFindingsOfMemory(_ ending: Int) throws {
        var text = Self.mixedRecords(12_000).joined(separator: "\n")
        let block = (1 << 20) + 5003
        switch ending {
        case 0: text += "\n" + String(repeating: " ", count: block - text.utf8.count % block)  // exactly at a block's end
        case 1: text += "\n" + String(repeating: " ", count: (block - text.utf8.count % block) / 4)
        default: text += "\n" + String(repeating: " ", count: (block - text.utf8.count % block) * 3 / 4)
        }
        let folder = try TemporaryDirectory()
        try folder.write(text, to: "records.ndjson")
        let path = folder.url.appendingPathComponent("records.ndjson").path
        let inMemory = Fixtures.validate(text, options: ValidationOptions(parallelism: 1))
        #expect(text.utf8.count > 3 * block)
        for options in [ValidationOptions(parallelism: 2, readBlockSize: block), ValidationOptions(parallelism: 1, readBlockSize: block),
                        ValidationOptions(parallelism: 2)] {
            let fromFile = try RecordValidator(schema: Fixtures.notes, options: options).validate([.file(path)])
            #expect(fromFile.diagnostics.map(\.message) == inMemory.diagnostics.map(\.message))
            #expect(fromFile.diagnostics.map(\.location?.line) == inMemory.diagnostics.map(\.location?.line))
            #expect(fromFile.recordCount == 12_000 && fromFile.invalidRecordCount == inMemory.invalidRecordCount)
            #expect(fromFile.byteCount == text.utf8.count)
        }
        #expect(inMemory.diagnostics.count > 1_000)
    }

    @Test func aRecordLongerThanTheReadBlockIsReadWhole() {
        let long = Fixtures.note(#""tags":{"value":[""# + String(repeating: "y", count: 200_000) + #""]},"count":{"value":"x"}"#)
        let result = Fixtures.validate(Fixtures.note() + "\n" + long + "\n" + Fixtures.note(),
                                       options: ValidationOptions(parallelism: 2, readBlockSize: 4096))
        #expect(result.diagnostics.map(\.id) == [.recordValueTypeMismatch])
        #expect(result.diagnostics.first?.location?.line == 2)
        #expect(result.recordCount == 3)
    }

    @Test(arguments: ["ndjson", "array"])
    func aRecordBeyondTheSizeLimitIsReportedNotHeld(_ layout: String) {
        let huge = Fixtures.note(#""tags":{"value":[""# + String(repeating: "z", count: 100_000) + #""]}"#, name: "huge")
        let records = [Fixtures.note(name: "a"), huge, Fixtures.note(#""count":{"value":"x"}"#, name: "c")]
        let text = layout == "ndjson" ? records.joined(separator: "\n") : "[" + records.joined(separator: ",") + "]"
        let result = Fixtures.validate(text, options: ValidationOptions(parallelism: 1, readBlockSize: 8192, maximumRecordBytes: 16_384))
        #expect(result.diagnostics.map(\.id) == [.recordTooLarge, .recordValueTypeMismatch])
        #expect(result.diagnostics.first?.record?.index == 1)
        #expect(result.recordCount == 3)
    }

    /// Found by fuzzing: whether a record is too large, and even the layout, used to depend on how the input fell
    /// into read blocks — a long NDJSON line that fit in one block was read whole, and a first line longer than
    /// the limit made the reader take NDJSON for one pretty-printed value.
    @Test(arguments: [4096, 1 << 20])
    func theVerdictOnALongLineDoesNotDependOnTheBlockSize(_ blockSize: Int) {
        let long = Fixtures.note(#""tags":{"value":[""# + String(repeating: "z", count: 5000) + #""]}"#, name: "long")
        let text = long + "\n" + Fixtures.note(#""count":{"value":"x"}"#, name: "c") + "\n"
        let options = ValidationOptions(parallelism: 1, readBlockSize: blockSize, maximumRecordBytes: 1024)
        let result = Fixtures.validate(text, options: options)
        #expect(result.recordCount == 2)
        #expect(result.diagnostics.map(\.id) == [.recordTooLarge, .recordValueTypeMismatch])
        #expect(result.diagnostics.map(\.location?.line) == [1, 2])
    }

    /// A pretty-printed record whose first line alone passes the limit is still one value, not NDJSON.
    @Test(arguments: [4096, 1 << 20])
    func aPrettyPrintedRecordWithALongFirstLineStaysOneValue(_ blockSize: Int) {
        let text = #"{"recordType": "Note", "recordName": ""# + String(repeating: "n", count: 5000) + "\",\n"
            + #"  "fields": {"title": {"value": "t"}}}"# + "\n" + Fixtures.note(name: "second") + "\n"
        let result = Fixtures.validate(text, options: ValidationOptions(parallelism: 1, readBlockSize: blockSize,
                                                                         maximumRecordBytes: 1024))
        #expect(result.recordCount == 2)
        #expect(result.diagnostics.map(\.id) == [.recordTooLarge])
    }

    /// However many findings an input holds, memory holds at most the limit; the rest are counted.
    @Test func findingsBeyondTheLimitAreCountedNotKept() {
        let unknown = (0..<50_000).map { #""f\#($0)":{"value":1}"# }.joined(separator: ",")
        let record = #"{"recordType":"Note","fields":{"title":{"value":"t"},"# + unknown + "}}"
        let text = record + "\n" + record + "\n"
        for parallelism in [1, 2] {
            let result = Fixtures.validate(text, options: ValidationOptions(parallelism: parallelism, maximumFindings: 100))
            #expect(result.diagnostics.count == 101)
            #expect(result.omitted.errors == 99_900)
            #expect(result.invalidRecordCount == 2)
            #expect(!result.isValid)
            #expect(result.diagnostics.last?.id == .recordFindingsOmitted)
            #expect(result.diagnostics.last?.severity == .error)
            #expect(result.diagnostics.last?.message == "99900 more findings are not listed (99900 errors, 0 warnings): "
                + "only the first 100 are kept; raise the limit with --max-findings")
        }
        let warnings = Fixtures.validate(text, options: ValidationOptions(environment: .development, parallelism: 1,
                                                                          maximumFindings: 10))
        #expect(warnings.diagnostics.last?.severity == .warning, "the count has the severity of the worst finding left out")
        #expect(warnings.isValid)
    }

    @Test func filesAreReadAndMissingOnesThrow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-validation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seed.ndjson").path
        try (Fixtures.note() + "\n" + Fixtures.note(#""count":{"value":"x"}"#)).write(toFile: path, atomically: true, encoding: .utf8)
        let validator = RecordValidator(schema: Fixtures.notes)
        var progress: [ValidationProgress] = []
        let result = try validator.validate([.file(path), .bytes(Array(Fixtures.note().utf8), name: "inline")]) {
            progress.append($0)
        }
        #expect(result.diagnostics.map(\.location?.file) == [path])
        #expect(result.recordCount == 3)
        #expect(progress.last?.recordsValidated == 3)
        #expect(progress.first?.totalBytes != nil)
        #expect(throws: RecordInputError.self) {
            try validator.validate([.file(directory.appendingPathComponent("missing.json").path)])
        }
        #expect(throws: RecordInputError.self) { try validator.validate([.file(directory.path)]) }
    }
}

/// Line and column numbers stay exact across blocks, multi-byte characters and long single lines.
@Suite struct PositionTests {
    @Test(arguments: [1, 7])
    func everyFindingIsLocatedExactly(_ seed: Int) {
        var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
        let pieces = ["a", "é", "日本", "😀", "\\n", " "]
        var records: [String] = []
        for index in 0..<400 {
            let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
            let gap = Bool.random(using: &generator) ? "\n  " : ""
            records.append(Fixtures.note(#""tags":{"value":[""# + text + #""]},"# + gap + #""count":{"value":"X"}"#,
                                         name: "r\(index)"))
        }
        let separator = seed == 1 ? ",\n" : ","
        let text = "[" + records.joined(separator: separator) + "]"
        let result = Fixtures.validate(text, options: ValidationOptions(parallelism: 2, readBlockSize: 4096))
        var expected: [CKSchemaCore.SourceLocation] = []
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "X", previous == "\"" { expected.append(CKSchemaCore.SourceLocation(file: "records.json", line: line, column: column - 1)) }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = scalar
        }
        #expect(result.diagnostics.count == 400)
        #expect(result.diagnostics.compactMap(\.location) == expected)
    }
}
