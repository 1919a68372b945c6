import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema validate` end to end: exit codes, formats, standard input, schemas from YAML, `.ckdb` and
/// environment names, cktool payloads, and bad input.
@Suite struct ValidateCommandTests {
    private let schema = """
        recordTypes:
          Note:
            fields:
              title: { type: string, required: true }
              count: int64
              mood: { type: string, enum: [happy, sad] }
              tags: list<string>
        """

    private func note(_ name: String, _ fields: String = "") -> String {
        #"{"recordName":""# + name + #"","recordType":"Note","fields":{"title":{"value":"t"}"#
            + (fields.isEmpty ? "" : "," + fields) + "}}"
    }

    private func project() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(schema, to: "schemas/Note.yaml")
        return folder
    }

    @Test func validRecordsExitZero() throws {
        let folder = try project()
        try folder.write(note("a") + "\n" + note("b", #""tags":{"value":["x"]}"#) + "\n", to: "seed.ndjson")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "seed.ndjson"], in: folder.url)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("checked 2 records in 1 input: 0 invalid"))
    }

    @Test func invalidRecordsExitOneWithLocatedFindings() throws {
        let folder = try project()
        try folder.write("{\"records\": [\n" + note("a", #""mood":{"value":"angry"}"#) + ",\n"
            + #"{"recordName":"b","recordType":"Note","fields":{"count":{"value":1.5}}}"# + "\n]}", to: "export.json")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "export.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("export.json:2:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[record_enum_value]"))
        #expect(result.standardOutput.contains("[record_int64_not_integer]"))
        #expect(result.standardOutput.contains("[record_required_field_missing]"))
        #expect(result.standardOutput.contains("/records/1/fields/count/value"))
        #expect(result.standardError.contains("checked 2 records in 1 input: 2 invalid"))
    }

    @Test func jsonOutputCarriesTheRecordReference() throws {
        let folder = try project()
        try folder.write(note("a", #""count":{"value":"x"}"#), to: "r.ndjson")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "--format", "json", "r.ndjson"],
                                           in: folder.url)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let record = try #require(diagnostics.first?["record"] as? [String: Any])
        #expect(diagnostics.first?["id"] as? String == "record_value_type_mismatch")
        #expect(record["index"] as? Int == 0)
        #expect(record["recordName"] as? String == "a")
        #expect(record["pointer"] as? String == "/fields/count/value")
    }

    @Test(arguments: ["github", "sarif"])
    func otherFormatsReportTheFinding(_ format: String) throws {
        let folder = try project()
        try folder.write(note("a", #""count":{"value":"x"}"#), to: "r.ndjson")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "--format", format, "r.ndjson"],
                                           in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("record_value_type_mismatch"), "\(result.standardOutput)")
        #expect(!result.standardError.contains("checked"))
    }

    @Test func sarifTakesTheCheckCategoryFromTheCatalog() throws {
        let folder = try project()
        try folder.write("{\"records\": [", to: "broken.json")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "--format", "sarif", "broken.json"],
                                           in: folder.url)
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let driver = ((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rule = (driver?["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "json_syntax" }
        #expect((rule?["properties"] as? [String: Any])?["category"] as? String == "syntax", "\(result.standardOutput)")
    }

    @Test func standardInputAndCKToolPayloads() throws {
        let folder = try project()
        let payload = #"{"title": {"type": "stringType", "value": "x"}, "count": {"type": "int64Type", "value": "7"}}"#
        let valid = try CommandRunner.run(["validate", "--schema", "schemas", "--record-type", "Note", "-"],
                                          in: folder.url, input: Data(payload.utf8))
        #expect(valid.status == 0, "\(valid.standardOutput)\(valid.standardError)")
        let wrongTag = payload.replacingOccurrences(of: "int64Type", with: "stringType")
        let invalid = try CommandRunner.run(["validate", "--schema", "schemas", "--record-type", "Note", "-"],
                                            in: folder.url, input: Data(wrongTag.utf8))
        #expect(invalid.status == 1)
        #expect(invalid.standardOutput.contains("-:1:"), "\(invalid.standardOutput)")
        #expect(invalid.standardOutput.contains("[record_type_tag_mismatch]"))
    }

    @Test func ckdbSchemasEnvironmentNamesAndTheProjectSchema() throws {
        let folder = try TemporaryDirectory()
        try folder.write("DEFINE SCHEMA\n    RECORD TYPE Note (\n        title STRING\n    );\n", to: "environments/production.ckdb")
        try folder.write(note("a"), to: "r.ndjson")
        try folder.write(note("b", #""count":{"value":1}"#), to: "unknown.ndjson")
        #expect(try CommandRunner.run(["validate", "--schema", "production", "r.ndjson"], in: folder.url).status == 0)
        #expect(try CommandRunner.run(["validate", "--schema", "environments/production.ckdb", "r.ndjson"],
                                      in: folder.url).status == 0)
        let unknown = try CommandRunner.run(["validate", "--schema", "production", "unknown.ndjson"], in: folder.url)
        #expect(unknown.status == 1)
        #expect(unknown.standardOutput.contains("[record_unknown_field]"))
        let development = try CommandRunner.run(["validate", "--schema", "production", "--development", "unknown.ndjson"],
                                                in: folder.url)
        #expect(development.status == 0)
        #expect(development.standardOutput.contains("warning:"))
        try folder.write(schema, to: "schemas/Note.yaml")
        try folder.write("schema: schemas\n", to: "ckschema.yaml")
        #expect(try CommandRunner.run(["validate", "r.ndjson"], in: folder.url).status == 0)
    }

    @Test(arguments: [
        (["validate", "--schema", "schemas"], "record file"),
        (["validate", "--schema", "schemas", "missing.json"], "missing.json"),
        (["validate", "--schema", "nowhere", "r.ndjson"], "nowhere"),
        (["validate", "--schema", "schemas", "--record-type", "Magazine", "r.ndjson"], "'Magazine'"),
        (["validate", "--schema", "broken.yaml", "r.ndjson"], "invalid"),
        (["validate", "--schema", "schemas", "--jobs", "0", "r.ndjson"], "--jobs"),
    ])
    func problemsThatStopTheRunExitTwo(_ arguments: [String], _ mentioned: String) throws {
        let folder = try project()
        try folder.write(note("a"), to: "r.ndjson")
        try folder.write("recordTypes:\n  A:\n    fields: { a: boolean }\n", to: "broken.yaml")
        let result = try CommandRunner.run(arguments, in: folder.url)
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains(mentioned), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
    }

    @Test(arguments: [
        ("truncated", Data(#"[{"recordName":"a","recordType":"Note","fields":{"title":{"va"#.utf8)),
        ("binary junk", Data((0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7919 % 251) })),
        ("100,000-deep", Data(("[" + String(repeating: "[", count: 100_000)).utf8)),
        ("deep record", Data((#"{"recordName":"a","recordType":"Note","fields":{"title":{"value":"# + String(repeating: "[", count: 100_000)).utf8)),
    ])
    func badInputEndsWithExitOneInBoundedTime(_ name: String, _ bytes: Data) throws {
        let folder = try project()
        try folder.write(bytes, to: "bad.json")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "bad.json"], in: folder.url, timeout: 30)
        #expect(result.status == 1, "\(name): \(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("bad.json:1:"), "\(name): \(result.standardOutput)")
    }

    @Test func aBadLineInTheMiddleOfNDJSONDoesNotHideTheRest() throws {
        let folder = try project()
        try folder.write(note("a") + "\n{\"recordName\": \n" + note("c", #""count":{"value":"x"}"#) + "\n", to: "r.ndjson")
        let result = try CommandRunner.run(["validate", "--schema", "schemas", "r.ndjson"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("r.ndjson:2:"))
        #expect(result.standardOutput.contains("[json_syntax]"))
        #expect(result.standardOutput.contains("r.ndjson:3:"))
        #expect(result.standardError.contains("checked 3 records in 1 input: 2 invalid"))
    }
}
