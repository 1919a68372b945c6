import CKSchemaCore
import Foundation

/// The validate benchmark's workload: Web Services records of one type with five fields (two strings, an
/// INT64, a TIMESTAMP and a string list), about 500 bytes each, generated deterministically so every run
/// and the peer see the same bytes.
enum ValidateWorkload {
    /// The schema the records follow.
    static let schema = Schema(recordTypes: [
        RecordType(name: "Note", fields: [
            Field(name: "title", type: .string, metadata: FieldMetadata(isRequired: true)),
            Field(name: "body", type: .string),
            Field(name: "rating", type: .int64),
            Field(name: "createdAt", type: .timestamp),
            Field(name: "tags", type: .list(.string)),
        ]),
    ])

    /// The same rules as a JSON Schema (draft 2020-12), for the peer validator.
    static let jsonSchema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "required": ["recordType", "fields"],
      "properties": {
        "recordName": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\\\x21-\\\\x5E\\\\x60-\\\\x7E][\\\\x00-\\\\x7F]*$"},
        "recordType": {"enum": ["Note"]},
        "fields": {
          "type": "object",
          "additionalProperties": false,
          "required": ["title"],
          "properties": {
            "title": {"$ref": "#/$defs/string"},
            "body": {"$ref": "#/$defs/string"},
            "rating": {"$ref": "#/$defs/int64"},
            "createdAt": {"$ref": "#/$defs/timestamp"},
            "tags": {"$ref": "#/$defs/stringList"}
          }
        }
      },
      "$defs": {
        "string": {"type": "object", "required": ["value"], "additionalProperties": false, "properties": {
          "value": {"type": "string"}, "type": {"const": "STRING"}, "isEncrypted": {"const": false}}},
        "int64": {"type": "object", "required": ["value"], "additionalProperties": false, "properties": {
          "value": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
          "type": {"const": "INT64"}, "isEncrypted": {"const": false}}},
        "timestamp": {"type": "object", "required": ["value"], "additionalProperties": false, "properties": {
          "value": {"type": "integer", "minimum": -8640000000000000, "maximum": 8640000000000000},
          "type": {"const": "TIMESTAMP"}, "isEncrypted": {"const": false}}},
        "stringList": {"type": "object", "required": ["value"], "additionalProperties": false, "properties": {
          "value": {"type": "array", "items": {"type": "string"}},
          "type": {"enum": ["STRING_LIST", "LIST"]}, "isEncrypted": {"const": false}}}
      }
    }

    """

    private static let words = [
        "cloud", "record", "zone", "schema", "field", "index", "query", "asset", "sync", "token", "journal", "entry",
        "garden", "river", "mountain", "coffee", "morning", "evening", "quiet", "bright", "travel", "winter", "summer",
        "notes", "reading", "writing", "walked", "through", "the", "old", "town", "with", "friends", "and", "family",
    ]

    /// How the records are laid out in the file.
    enum Layout: String, CaseIterable {
        /// One record per line.
        case ndjson
        /// A Web Services response: `{"records": [ … ]}`, one record per line inside.
        case response
    }

    /// Writes `count` records to `path` in `layout`, streaming, and returns the byte count.
    static func write(count: Int, layout: Layout = .ndjson, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path) else {
            throw BenchmarkSupport.UsageError(description: "cannot create '\(path)'")
        }
        defer { try? handle.close() }
        var generator = Generator(seed: 0x5EED)
        var chunk: [UInt8] = layout == .response ? Array("{\"records\": [\n".utf8) : []
        chunk.reserveCapacity(1 << 20)
        var total = 0
        for index in 0..<count {
            if layout == .response, index > 0 { chunk.append(contentsOf: ",\n".utf8) }
            appendRecord(index, using: &generator, to: &chunk)
            if layout == .response { chunk.removeLast() }
            if chunk.count >= 1 << 20 {
                try handle.write(contentsOf: chunk)
                total += chunk.count
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if layout == .response { chunk.append(contentsOf: "\n]}\n".utf8) }
        try handle.write(contentsOf: chunk)
        return total + chunk.count
    }

    private static func appendRecord(_ index: Int, using generator: inout Generator, to output: inout [UInt8]) {
        let name = "note-" + String(repeating: "0", count: max(0, 8 - String(index).count)) + String(index)
        var line = #"{"recordName":""# + name + #"","recordType":"Note","fields":{"#
        line += #""title":{"value":""# + sentence(words: 6 + generator.next(4), using: &generator) + #"","type":"STRING"},"#
        line += #""body":{"value":""# + sentence(words: 26 + generator.next(8), using: &generator) + #"","type":"STRING"},"#
        line += #""rating":{"value":"# + String(generator.next(1_000_000)) + #","type":"INT64"},"#
        line += #""createdAt":{"value":"# + String(1_600_000_000_000 + generator.next(100_000_000_000)) + #","type":"TIMESTAMP"},"#
        let tags = (0..<(2 + generator.next(4))).map { _ in "\"" + words[generator.next(words.count)] + "\"" }
        line += #""tags":{"value":["# + tags.joined(separator: ",") + #"],"type":"STRING_LIST"}}}"# + "\n"
        output.append(contentsOf: line.utf8)
    }

    private static func sentence(words count: Int, using generator: inout Generator) -> String {
        (0..<count).map { _ in words[generator.next(words.count)] }.joined(separator: " ")
    }

    /// A small deterministic generator (64-bit LCG, high bits).
    private struct Generator {
        var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}
