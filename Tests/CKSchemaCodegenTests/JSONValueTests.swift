import CKSchemaCodegen
import CKSchemaCore
import Testing

@Suite struct JSONValueTests {
    @Test func printsObjectsInBuildOrderWithTwoSpaceIndentation() {
        let value = JSONValue.object([("b", .integer(1)), ("a", .array([.bool(true), .null])), ("c", .object([])),
                                      ("d", .array([]))])
        #expect(value.prettyPrinted == """
        {
          "b": 1,
          "a": [
            true,
            null
          ],
          "c": {},
          "d": []
        }

        """)
    }

    @Test func escapesStringsAndFormatsNumbers() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}\u{202E}").prettyPrinted == "\"a\\\"b\\\\c\\n\\u0001\\u202e\"\n")
        #expect(JSONValue.number(3).prettyPrinted == "3\n")
        #expect(JSONValue.number(0.25).prettyPrinted == "0.25\n")
        #expect(JSONValue.number(.nan).prettyPrinted == "null\n")
        #expect(JSONValue.integer(.min).prettyPrinted == "-9223372036854775808\n")
    }

    @Test func equalityRespectsKeyOrder() {
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.object([("a", .null)]) == .object([("a", .null)]))
    }
}

@Suite struct SchemaDocumentTests {
    @Test func fieldsCarryOnlyWhatTheSchemaSays() {
        let plain = SchemaDocument.encode(Field(name: "title", type: .string))
        #expect(plain == .object([
            ("name", .string("title")), ("type", .string("STRING")), ("primitive", .string("STRING")),
            ("isList", .bool(false)), ("isEncrypted", .bool(false)), ("indexes", .array([])),
            ("isRequired", .bool(false)),
        ]))
    }

    @Test func logicalMetadataAndNumberPreferencesAreEncoded() {
        let field = Field(name: "n", type: .list(FieldType(.number(preferredAs: .double), isEncrypted: false)),
                          indexes: [.queryable, .sortable],
                          metadata: FieldMetadata(logicalType: .enumeration(["a"]), referenceTarget: "T",
                                                  referenceAction: .deleteSelf, isRequired: true,
                                                  defaultValue: .list([.integer(1), .list([.string("x")])]),
                                                  documentation: "doc", swiftName: "swifty"))
        guard case .object(let pairs) = SchemaDocument.encode(field) else {
            Issue.record("a field encodes as an object")
            return
        }
        #expect(pairs.map(\.0) == ["name", "type", "primitive", "isList", "isEncrypted", "numberPreference", "indexes",
                                   "isRequired", "logicalType", "enumValues", "referenceTarget", "referenceAction",
                                   "default", "documentation", "swiftName"])
        #expect(pairs.first { $0.0 == "type" }?.1 == .string("LIST<NUMBER PREFERRED AS DOUBLE>"))
        #expect(pairs.first { $0.0 == "default" }?.1 == .array([.integer(1), .array([.string("x")])]))
    }

    @Test func recordTypesListSystemIndexesAndGrants() {
        let recordType = RecordType(name: "T", systemFieldIndexes: [.recordID: [.queryable]],
                                    grants: [Grant([.read, .write], to: "_world")],
                                    metadata: RecordTypeMetadata(database: .public))
        guard case .object(let pairs) = SchemaDocument.encode(recordType) else {
            Issue.record("a record type encodes as an object")
            return
        }
        #expect(pairs.map(\.0) == ["name", "database", "fields", "systemFieldIndexes", "grants"])
        #expect(pairs.first { $0.0 == "systemFieldIndexes" }?.1 == .object([("recordID", .array([.string("queryable")]))]))
        #expect(pairs.first { $0.0 == "grants" }?.1
            == .array([.object([("role", .string("_world")), ("permissions", .array([.string("read"), .string("write")]))])]))
    }
}
