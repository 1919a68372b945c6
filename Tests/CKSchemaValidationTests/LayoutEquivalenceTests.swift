import CKSchemaCore
import CKSchemaValidation
import Foundation
import Testing

/// The same records give the same findings in every layout: NDJSON, a bare array, `{"records": […]}` and a
/// `records/modify` body, one record a line or all on one line, whatever the read block size and the number
/// of threads. Arrays are checked in
/// shares cut at guessed element boundaries, so the records hold what makes a guess wrong: strings with
/// escaped quotes, brackets and `},{`, lists of dictionaries, broken records, records longer than a block.
@Suite struct LayoutEquivalenceTests {
    /// Record `index` of the mix: most are clean, the rest have findings of every kind the shares must hand
    /// back in order (values, unknown fields, syntax, surrogates, reference targets across records).
    static func record(_ index: Int) -> String {
        let name = "r\(index)"
        switch index % 13 {
        case 0:
            return Fixtures.note(#""tags":{"value":["a \"}, {\" b","[\"x\"]","\\","}]\n{[","été },{ "]},"count":{"value":"x"}"#,
                                 name: name)
        case 1:
            return Fixtures.note(#""attachments":{"value":[{"recordName":"a","action":"NONE"},{"recordName":"b","action":"DELETE_SELF"}]}"#,
                                 name: name)
        case 2:
            return Fixtures.note(#""colour":{"value":"red"}"#, name: name)
        case 3:
            return #"{"recordName":"\#(name)","recordType":"Note","fields":{"title":{"value":"t",}}}"#
        case 4:
            return Fixtures.note(#""ratings":{"value":[1,"2",[3,{"x":"}"}]]}"#, name: name)
        case 5:
            let long = String(repeating: #"},{\"recordName\":\"x\"}, {"#, count: 150)
            return Fixtures.note(#""tags":{"value":[""# + long + #"",[]]}"#, name: name)
        case 6:
            return Fixtures.note(#""tags":{"value":["\ud83d x"]}"#, name: name)
        case 7:
            return Fixtures.note(#""folder":{"value":{"recordName":"f\#(index)","action":"NONE"}}"#, name: name)
        case 8:
            // The target of the previous record's reference, a Note although the field wants a Folder.
            return Fixtures.note(name: "f\(index - 1)")
        case 9:
            // The same name again as a Folder: the first record of a name wins.
            return #"{"recordName":"f\#(index - 2)","recordType":"Folder","fields":{"name":{"value":"n"}}}"#
        default:
            return Fixtures.note(#""tags":{"value":["plain \#(index)"]},"ratings":{"value":[\#(index)]}"#, name: name)
        }
    }

    /// Text built piece by piece, remembering where each record starts (line and column in scalars).
    struct Layout {
        var text = ""
        var starts: [(line: Int, column: Int)] = []
        private var line = 1
        private var column = 1

        mutating func append(_ piece: String, isRecord: Bool = false) {
            if isRecord { starts.append((line, column)) }
            for scalar in piece.unicodeScalars {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            text += piece
        }

        /// `head`, then each record wrapped by `before` and `after`, joined by `separator`, then `tail`.
        static func make(_ records: [String], head: String, separator: String, tail: String, before: String = "",
                         after: String = "") -> Layout {
            make(records, head: head, separator: separator, tail: tail) { _ in (before, after) }
        }

        /// `head`, then each record wrapped by what `wrapper` gives for its index, joined by `separator`,
        /// then `tail`.
        static func make(_ records: [String], head: String, separator: String, tail: String,
                         wrapper: (Int) -> (before: String, after: String)) -> Layout {
            var layout = Layout()
            layout.append(head)
            for (index, record) in records.enumerated() {
                if index > 0 { layout.append(separator) }
                let (before, after) = wrapper(index)
                layout.append(before)
                layout.append(record, isRecord: true)
                layout.append(after)
            }
            layout.append(tail)
            return layout
        }
    }

    /// A finding with its place made relative to its record: comparable across layouts.
    struct RelativeFinding: Equatable, CustomStringConvertible {
        var id: DiagnosticID
        var severity: Severity
        var message: String
        var index: Int?
        var recordName: String?
        var pointer: String?
        var line: Int?
        var column: Int?

        var description: String {
            "\(id.rawValue) #\(index ?? -1) \(recordName ?? "-") \(pointer ?? "-") \(line ?? 0):\(column ?? 0) \(message)"
        }
    }

    /// `result`'s findings relative to their records, whose pointers start with `prefix(index)`.
    static func relative(_ result: ValidationResult, _ layout: Layout, prefix: (Int) -> String) -> [RelativeFinding] {
        result.diagnostics.map { finding in
            var relative = RelativeFinding(id: finding.id, severity: finding.severity, message: finding.message,
                                           index: finding.record?.index, recordName: finding.record?.recordName)
            if let record = finding.record, let location = finding.location, record.index < layout.starts.count {
                let recordPrefix = prefix(record.index)
                relative.pointer = record.pointer.hasPrefix(recordPrefix)
                    ? String(record.pointer.dropFirst(recordPrefix.count)) : "unexpected " + record.pointer
                let start = layout.starts[record.index]
                relative.line = location.line - start.line
                relative.column = location.line == start.line ? location.column - start.column : location.column
            }
            return relative
        }
    }

    static let records = (0..<700).map(record)

    static let layouts: [(name: String, layout: Layout, prefix: @Sendable (Int) -> String)] = [
        ("array", Layout.make(records, head: "[\n", separator: ",\n", tail: "\n]\n"), { "/\($0)" }),
        ("compact array", Layout.make(records, head: "[", separator: ",", tail: "]"), { "/\($0)" }),
        ("records", Layout.make(records, head: #"{"syncToken": "x", "records": ["#, separator: ", ", tail: "]}"),
         { "/records/\($0)" }),
        ("modify", Layout.make(records, head: "{\"operations\": [\n", separator: ",\n  ", tail: "\n], \"atomic\": false}",
                               before: #"{"operationType": "create", "record": "#, after: "}"),
         { "/operations/\($0)/record" }),
        // One compact line each, as Web Services sends a response: positions are counted by the shares.
        ("records, one line", Layout.make(records, head: #"{"records":["#, separator: ",", tail: "]}"),
         { "/records/\($0)" }),
        ("modify, one line", Layout.make(records, head: #"{"operations":["#, separator: ",", tail: "]}",
                                         before: #"{"operationType":"create","record":"#, after: "}"),
         { "/operations/\($0)/record" }),
        ("modify, unusual operations", Layout.make(records, head: #"{"operations":["#, separator: ",", tail: "]}",
                                                   wrapper: unusualOperation),
         { "/operations/\($0)/record" }),
    ]

    /// Operation `index` of a `records/modify` body in one of the shapes the usual-operation comparison does
    /// not take whole (other spacing, key orders, types, escapes, extra keys), each defining a record type.
    /// A record written before its `operationType` is skipped before it is read, so when it breaks off
    /// (record 3 of every 13) its syntax finding cannot name it: those records keep the usual order.
    static func unusualOperation(_ index: Int) -> (before: String, after: String) {
        switch index % 13 == 3 && index % 9 == 3 ? 0 : index % 9 {
        case 0: (#"{"operationType":"create","record":"#, "}")
        case 1: (#"{"operationType": "update", "record": "#, "}")
        case 2: ("{ \"operationType\" :\t\"forceReplace\" ,\n  \"record\" : ", " }")
        case 3: (#"{"record":"#, #","operationType":"create"}"#)
        case 4: (#"{"operationType":"create","desiredKeys":["title"],"record":"#, "}")
        case 5: (#"{"operationType":"cr\u0065ate","record":"#, "}")
        case 6: (#"{"operation\u0054ype":"replace","record":"#, "}")
        case 7: (#"{"operationType":"forceUpdate","record":"#, #","desiredKeys":[]}"#)
        default: (#"{"desiredKeys":null,"operationType":"create","record":"#, "}")
        }
    }

    @Test(arguments: [(1, 4096), (2, 5003), (3, 4096), (2, 1 << 20)])
    func everyLayoutGivesTheFindingsOfNDJSON(_ parallelism: Int, _ blockSize: Int) {
        let ndjson = Layout.make(Self.records, head: "", separator: "\n", tail: "\n")
        let options = ValidationOptions(parallelism: parallelism, readBlockSize: blockSize)
        let reference = Fixtures.validate(ndjson.text, options: ValidationOptions(parallelism: 1))
        let expected = Self.relative(reference, ndjson) { _ in "" }
        #expect(reference.recordCount == Self.records.count)
        #expect(Set(expected.map(\.id)).isSuperset(of: [
            .recordValueTypeMismatch, .recordUnknownField, .jsonSyntax, .jsonLoneSurrogate,
            .recordReferenceTargetMismatch,
        ]))
        for (name, layout, prefix) in Self.layouts {
            let result = Fixtures.validate(layout.text, options: options)
            let found = Self.relative(result, layout, prefix: prefix)
            #expect(found == expected, "\(name)")
            #expect(result.recordCount == reference.recordCount, "\(name)")
            #expect(result.invalidRecordCount == reference.invalidRecordCount, "\(name)")
        }
    }

    /// A broken element whose brackets do not balance swallows the rest, in the shares as in the serial scan.
    @Test(arguments: [1, 2])
    func anUnbalancedElementEndsTheArrayAsBefore(_ parallelism: Int) {
        var records = Self.records
        records[400] = #"{"recordName":"r400","recordType":"Note","fields":{"title":{"value":"t"}}"#
        let text = "[\n" + records.joined(separator: ",\n") + "\n]"
        let sequential = Fixtures.validate(text, options: ValidationOptions(parallelism: 1, readBlockSize: 1 << 20))
        let shared = Fixtures.validate(text, options: ValidationOptions(parallelism: parallelism, readBlockSize: 4096))
        #expect(sequential.diagnostics == shared.diagnostics)
        #expect(sequential.recordCount == 401)
        #expect(shared.recordCount == 401)
        #expect(sequential.diagnostics.contains { $0.id == .jsonSyntax && $0.record?.index == 400 })
    }

    /// Compact field entries and keys are read by comparison with the usual bytes (`{"value":`,
    /// `,"type":"STRING"}`, `"title":`); anything that differs from them gives what spaced JSON gives.
    @Test(arguments: [
        #""count":{"value":"x","type":"INT64"}"#,
        #""count":{"value":1,"type":"INT64","value":2}"#,
        #""count":{"value":1,"type":"STRING"}"#,
        #""count":{"value":1,"type":"INT64","isEncrypted":true}"#,
        #""count":{"value":1,"type":"INT64"},"count":{"value":2}"#,
        #""secret":{"value":"s","type":"STRING"}"#,
        #""count":{"value":1,"typ":"INT64"}"#,
        #""count":{"value":null,"type":"INT64"}"#,
        #""tags":{"value":["a"],"type":"STRING_LIST"},"tags":{"value":[1],"type":"LIST"}"#,
        #""ratings":{"value":[1,2.5],"type":"INT64_LIST"},"title":{"value":"\u0074","type":"STRING"}"#,
        #""title":{"value":"t","type":"STRING"},"titles":{"value":"t","type":"STRING"}"#,
    ])
    func compactEntriesGiveTheFindingsOfSpacedOnes(_ fields: String) {
        let compact = #"{"recordName":"c","recordType":"Note","fields":{"# + fields + "}}"
        let spaced = Self.spaced(compact)
        let compactFindings = Fixtures.validate(compact).diagnostics
        let spacedFindings = Fixtures.validate(spaced).diagnostics
        #expect(!compactFindings.isEmpty || fields.contains("null"))
        #expect(compactFindings.map(\.id) == spacedFindings.map(\.id))
        #expect(compactFindings.map(\.record) == spacedFindings.map(\.record))
        #expect(compactFindings.map(\.message) == spacedFindings.map(\.message))
    }

    /// The usual record start (`"recordName":…,"recordType":…,"fields":`) and operation wrapper
    /// (`{"operationType": "create", "record": `) are read by comparison with their bytes; whatever differs
    /// from them gives what the general reader gives, which these compare by spelling every key with an
    /// escape (the comparison never takes an escaped key).
    @Test(arguments: [
        #"{"recordName":"_bad","recordType":"Note","fields":{"title":{"value":"t"},"count":{"value":"x"}}}"#,
        #"{"recordType":"Note","recordName":"n","fields":{"title":{"value":"t"}}}"#,
        #"{"fields":{"title":{"value":1}},"recordType":"Note","recordName":"n"}"#,
        #"{"recordName":"n","recordName":"m","recordType":"Note","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n","recordType":"Nope","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n","recordType":"Note","fields":{"title":{"value":"t"}},"recordType":"Note"}"#,
        #"{"recordName":1,"recordType":"Note","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n","recordType":7,"fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n","recordType":"Note"}"#,
        #"{"recordName":"n"}"#,
        #"{"recordName":"n","recordType":"Note","fields":[],"zoneID":{"zoneName":"_x"}}"#,
        #"{"recordName":"n","recordType":"Note","fields":{"title":{"value":"t"}},"feilds":{}}"#,
        #"{"recordName":"n" "recordType":"Note"}"#,
        #"{"recordName" "n","recordType":"Note"}"#,
        #"{"recordName":"été","recordType":"Note","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"a-long-record-name-with-é","recordType":"Note","fields":{"title":{"value":"t"}}}"#,
    ])
    func usualRecordStartsGiveTheFindingsOfOtherSpellings(_ record: String) {
        for operation in ["create", "delete", "craete"] {
            let usual = #"{"operations": [{"operationType": ""# + operation + #"", "record": "# + record + "}]}"
            let compared = Self.findings(usual)
            let general = Self.findings(Self.escapingKeys(usual))
            #expect(!compared.isEmpty || operation != "craete", "\(usual)")
            #expect(compared == general, "\(usual)")
        }
        #expect(Self.findings(record) == Self.findings(Self.escapingKeys(record)), "\(record)")
        #expect(Self.findings(Self.spaced(record)) == Self.findings(Self.escapingKeys(record)), "\(record)")
    }

    /// Each finding's ID, record, pointer and message (not its column: escapes move it).
    static func findings(_ text: String) -> [String] {
        Fixtures.validate(text).diagnostics.map {
            "\($0.id.rawValue) \($0.record.map { "\($0.index) \($0.recordName ?? "-") \($0.pointer)" } ?? "-") \($0.message)"
        }
    }

    /// `text` with the record and operation keys the usual-start comparison takes spelled with an escape.
    static func escapingKeys(_ text: String) -> String {
        var result = text
        for (key, escaped) in [(#""recordName""#, #""\u0072ecordName""#), (#""recordType""#, #""\u0072ecordType""#),
                               (#""fields""#, #""\u0066ields""#), (#""operationType""#, #""\u006fperationType""#),
                               (#""record""#, #""\u0072ecord""#)] {
            result = result.replacingOccurrences(of: key, with: escaped)
        }
        return result
    }

    /// `text` with a space after every `:` and `,` outside strings.
    static func spaced(_ text: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        for character in text {
            result.append(character)
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == ":" || character == "," {
                result.append(" ")
            }
        }
        return result
    }
}
