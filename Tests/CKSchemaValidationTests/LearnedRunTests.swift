import CKSchemaCore
import CKSchemaValidation
import Testing

/// A record's usual `,"recordType":"Note","fields":` after its name, and an operation's usual wrapper up to
/// its record, are learned from the first record read that way and compared whole in the records after it.
/// Whatever follows a learned run — the same bytes, or bytes that differ from it anywhere, or an input that
/// ends inside it — must give the findings the general reader gives, which these compare by spelling every
/// key with an escape (the usual reading, and so the learning, never takes an escaped key).
@Suite struct LearnedRunTests {
    /// Records that start like the usual one and differ from its learned run at some byte.
    static let records = [
        #"{"recordName":"n1","recordType":"Note","fields":{"title":{"value":"t"},"count":{"value":"x"}}}"#,
        #"{"recordName":"n2","recordType":"Folder","fields":{"name":{"value":1}}}"#,
        #"{"recordName":"n3","recordType":"Notes","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n4","recordType":"Note","fields":[]}"#,
        #"{"recordName":"n5","recordType":"Note","fieldz":{}}"#,
        #"{"recordName":"n6","recordType":"Note"}"#,
        #"{"recordName":"n7","recordType":"Note","fields":{"title":{"value":"t"}},"recordType":"Note"}"#,
        #"{"recordName":"n8","recordType":"Note","fields":{"count":{"value":1}}}"#,
        #"{"recordName":"n9","recordType":"N\u006fte","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n10","recordType": "Note","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"_n11","recordType":"Note","fields":{"title":{"value":"\ud800"}}}"#,
        #"{"recordName":"n12","recordType":"Note","fields":{"title":{"value":"t"}}}"#,
        #"{"recordName":"n13","recordType":"Note","fields":{"title":{"value":"t",}}}"#,
        // More whitespace after the colon than the learned run holds, and whitespace where it held none.
        #"{"recordName":"n14","recordType":"Note","fields":  {"title":{"value":1}}}"#,
        "{\"recordName\":\"n15\",\"recordType\":\"Note\",\"fields\":\t {\"count\":{\"value\":\"x\"}}}",
        #"{"recordName":"n16" ,"recordType":"Note","fields":{"title":{"value":"t"}}}"#,
    ]

    /// The usual record, which teaches the run.
    static func usual(_ index: Int) -> String {
        #"{"recordName":"u\#(index)","recordType":"Note","fields":{"title":{"value":"t"}}}"#
    }

    /// Each odd record an unusual one, each even one the usual record again.
    static var interleaved: [String] {
        records.enumerated().flatMap { index, record in [usual(index), record] }
    }

    @Test(arguments: [1, 2])
    func recordsAfterALearnedRunGiveTheFindingsOfTheGeneralReader(_ parallelism: Int) {
        let options = ValidationOptions(parallelism: parallelism, readBlockSize: 256)
        for text in [Self.interleaved.joined(separator: "\n"), "[" + Self.interleaved.joined(separator: ",") + "]",
                     #"{"records":["# + Self.interleaved.joined(separator: ", ") + "]}"] {
            let learned = Self.findings(text, options: options)
            #expect(learned.count >= Self.records.count, "\(text)")
            #expect(learned == Self.findings(LayoutEquivalenceTests.escapingKeys(text), options: options), "\(text)")
        }
    }

    /// Operations that start like the usual one and differ from its learned wrapper at some byte.
    static let operations = [
        #"{"operationType":"create","record":5}"#,
        #"{"operationType":"create","record":"#,
        #"{"operationType":"create","record":[]}"#,
        #"{"operationType":"creates","record":"#,
        #"{"operationType":"update","record":"#,
        #"{"operationType":"delete","record":"#,
        #"{"operationType":"create","records":"#,
        #"{"operationType":"create", "record":"#,
        #"{"operationType":"create","desiredKeys":[],"record":"#,
        #"{"operationType":"create"}"#,
        #"{"operationType":"create","record": "#,
        #"{"operationType":"create","record":  "#,
    ]

    @Test(arguments: [1, 2])
    func operationsAfterALearnedWrapperGiveTheFindingsOfTheGeneralReader(_ parallelism: Int) {
        let usualWrapper = #"{"operationType":"create","record":"#
        var body: [String] = []
        for (index, operation) in Self.operations.enumerated() {
            body.append(usualWrapper + Self.usual(index) + "}")
            let record = Self.records[index % Self.records.count]
            body.append(operation.hasSuffix(":") ? operation + record + "}" : operation)
        }
        let text = #"{"operations":["# + body.joined(separator: ",") + "]}"
        let options = ValidationOptions(parallelism: parallelism, readBlockSize: 256)
        let learned = Self.findings(text, options: options)
        #expect(learned.contains { $0.contains("operation_invalid") || $0.contains("record_operation") })
        #expect(learned == Self.findings(LayoutEquivalenceTests.escapingKeys(text), options: options))
    }

    /// An input that ends inside a learned run (or just after it) reports where it ends, as without it.
    @Test(arguments: [
        #""recordType":"No"#, #""recordType":"Note","fie"#, #""recordType":"Note","fields":"#, #""recor"#,
    ])
    func anInputEndingInsideALearnedRunEndsAsWithout(_ rest: String) {
        let truncated = #"{"recordName":"cut","# + rest
        for text in [Self.usual(0) + "\n" + truncated, "[" + Self.usual(0) + "," + truncated,
                     #"{"operations":[{"operationType":"create","record":"# + Self.usual(0) + #"},{"operationType":"create","record":"#
                        + truncated] {
            let found = Fixtures.validate(text).diagnostics
            let general = Fixtures.validate(LayoutEquivalenceTests.escapingKeys(text)).diagnostics
            #expect(found.contains { $0.id == .jsonSyntax }, "\(text)")
            #expect(found.map(\.id) == general.map(\.id), "\(text)")
            #expect(found.map(\.record) == general.map(\.record), "\(text)")
        }
    }

    /// Each finding's ID, record, pointer and message (not its column: escapes move it).
    static func findings(_ text: String, options: ValidationOptions) -> [String] {
        Fixtures.validate(text, options: options).diagnostics.map {
            "\($0.id.rawValue) \($0.record.map { "\($0.index) \($0.recordName ?? "-") \($0.pointer)" } ?? "-") \($0.message)"
        }
    }
}
