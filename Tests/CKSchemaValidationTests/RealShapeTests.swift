import CKSchemaCore
import CKSchemaValidation
import Testing

/// The shapes people really hand to `validate`: asset dictionaries as a response carries them and as
/// `assets/upload` returns them for a save, `records/modify` request bodies used as seed data, and
/// timestamps a JSON encoder wrote with an exponent (docs/cloudkit-facts.md §5, §6.1).
@Suite struct RealShapeTests {
    /// An asset exactly as a Web Services lookup returns it (TalkToCloud's decoder test holds a real one).
    static let responseAsset = #"{"fileChecksum":"AW3HeX3w8kjwRzUXI7KwjyK8P1/4","size":1172645,"downloadURL":"https://cvws.icloud-content.com/B/AW3H/${f}?o=Ap"}"#
    /// What `assets/upload` returns for a file, which a `records/modify` save sends back.
    static let uploadedAsset = #"{"wrappingKey":"HMz7/ygvDU1PD5ukWkRCRg==","fileChecksum":"ASb6vX+k0LqkaUHiJ5R3CMOWzDtP","receipt":"A5ozYVfoPswhfzUpHNkg5Ay2c+jyMvNRhfx0OCtnB+AnHuWr3J08aA==","referenceChecksum":"AXX5kB8JfL8XvoNBX7KhCoYFZgDn","size":56}"#

    @Test(arguments: [
        (responseAsset, [DiagnosticID]()),
        (uploadedAsset, []),
        (#"{"fileChecksum":"c","size":3,"downloadUrl":"https://example.com/a"}"#, []),
        ("{}", [.recordAssetInvalid]),
        (#"{"downloadURL":"https://example.com/a"}"#, [.recordAssetInvalid, .recordAssetInvalid]),
        (#"{"receipt":"A5oz","size":56}"#, [.recordAssetInvalid]),
        (#"{"fileChecksum":"c","size":56}"#, [.recordAssetInvalid]),
    ])
    func assetShapes(_ asset: String, _ expected: [DiagnosticID]) {
        let result = Fixtures.validate(Fixtures.note(#""photo":{"value":"# + asset + "}"))
        #expect(result.diagnostics.map(\.id) == expected, "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.allSatisfy { $0.record?.pointer == "/fields/photo/value" })
    }

    @Test func anEmptyAssetSaysWhatIsMissing() {
        let messages = Fixtures.validate(Fixtures.note(#""photo":{"value":{"downloadURL":"u"}}"#)).diagnostics.map(\.message)
        #expect(messages == ["an asset in a response (with a download URL) has no 'fileChecksum'",
                             "an asset in a response (with a download URL) has no 'size'"])
        let empty = Fixtures.validate(Fixtures.note(#""photo":{"value":{}}"#)).diagnostics.first?.message ?? ""
        #expect(empty.contains("neither 'receipt'") && empty.contains("'downloadURL'"))
    }

    /// A seed-data file in the shape of a `records/modify` body, with an uploaded asset and a delete.
    static let modifyBody = """
        {
          "operations": [
            {
              "operationType": "create",
              "record": {
                "recordName": "n1",
                "recordType": "Note",
                "fields": {
                  "title": { "value": "First" },
                  "created": { "value": 1.7179776e12 },
                  "photo": { "value": \(uploadedAsset) }
                }
              }
            },
            { "record": { "recordType": "Note", "fields": { "title": { "value": "late type" } } }, "operationType": "forceUpdate" },
            { "operationType": "delete", "record": { "recordName": "old-note" } }
          ],
          "zoneID": { "zoneName": "_defaultZone" },
          "atomic": true
        }
        """

    @Test func modifyRequestBodiesAreReadOperationByOperation() {
        let result = Fixtures.validate(Self.modifyBody)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.recordCount == 3)
    }

    @Test func eachOperationsRecordAndTypeAreChecked() {
        let body = """
            {"operations": [
              {"operationType": "craete", "record": {"recordType": "Note", "fields": {"title": {"value": "t"}}}},
              {"operationType": "create", "record": {"recordName": "n2", "fields": {"title": {"value": "t"}}}},
              {"operationType": "update"},
              {"record": {"recordType": "Note", "fields": {"title": {"value": 5}}}},
              {"operationType": "create", "record": {"recordType": "Note", "fields": {"title": {"value": "t"}, "colour": {"value": "red"}}}}
            ]}
            """
        let result = Fixtures.validate(body)
        let found = result.diagnostics.map { "\($0.id.rawValue) \($0.record?.pointer ?? "")" }
        #expect(found == [
            "record_operation_invalid /operations/0/operationType",
            "record_missing_record_type /operations/1/record",
            "record_operation_invalid /operations/2",
            "record_operation_invalid /operations/3",
            "record_value_type_mismatch /operations/3/record/fields/title/value",
            "record_unknown_field /operations/4/record/fields/colour",
        ])
        #expect(result.diagnostics.first?.message == "'craete' is not an operation type (create, update, forceUpdate, replace, forceReplace, delete, forceDelete); did you mean 'create'?")
        #expect(result.diagnostics.first?.location?.line == 2)
    }

    @Test(arguments: [
        ("1.7179776e12", [DiagnosticID]()),
        ("1717977600000.0", []),
        ("1.7179776E+12", []),
        ("17179776e5", []),
        ("0.0", []),
        ("-1e3", []),
        ("1.7179776000001e12", [.recordTimestampInvalid]),
        ("1.5e-3", [.recordTimestampInvalid]),
        ("1e16", [.recordTimestampInvalid]),
        ("1e400", [.recordTimestampInvalid]),
    ])
    func wholeTimestampsWithExponents(_ number: String, _ expected: [DiagnosticID]) {
        #expect(Fixtures.ids(Fixtures.note(#""created":{"value":"# + number + "}")) == expected)
    }
}
