import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// Every problem the reader reports, pinned to the offending key or value.
@Suite struct YAMLSchemaDiagnosticsTests {
    /// One mistake: marked text (`↓` at the offending node), the diagnostic ID and words of the message.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let marked: String
        let id: DiagnosticID
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Unknown keys, at every level, with suggestions.
        Case(name: "top-level key in snake case", marked: "↓record_types: {}\n", id: .schemaUnknownKey,
             message: "unknown key 'record_types' at the top level; did you mean 'recordTypes'?"),
        Case(name: "top-level key without a suggestion", marked: "recordTypes: {}\n↓version: 2\n",
             id: .schemaUnknownKey, message: "expected 'roles', 'recordTypes'"),
        Case(name: "record type key misspelt", marked: "recordTypes:\n  Note:\n    ↓feilds: {}\n",
             id: .schemaUnknownKey, message: "unknown key 'feilds' in record type 'Note'; did you mean 'fields'?"),
        Case(name: "record type key synonym", marked: "recordTypes:\n  Note:\n    ↓permissions: {}\n",
             id: .schemaUnknownKey, message: "did you mean 'grants'?"),
        Case(name: "field key 'index'", marked: "recordTypes: { Note: { fields: { t: { type: string, ↓index: [queryable] } } } }",
             id: .schemaUnknownKey, message: "unknown key 'index' in field 't' of record type 'Note'; did you mean 'indexes'?"),
        Case(name: "field key 'indices'", marked: "recordTypes: { Note: { fields: { t: { type: string, ↓indices: [queryable] } } } }",
             id: .schemaUnknownKey, message: "did you mean 'indexes'?"),
        Case(name: "field key 'description'", marked: "recordTypes: { Note: { fields: { t: { type: string, ↓description: x } } } }",
             id: .schemaUnknownKey, message: "did you mean 'doc'?"),
        Case(name: "field key 'optional'", marked: "recordTypes: { Note: { fields: { t: { type: string, ↓optional: true } } } }",
             id: .schemaUnknownKey, message: "expected 'type', 'encrypted'"),
        Case(name: "unknown system field", marked: "recordTypes: { Note: { systemFields: { ↓recordName: [queryable] } } }",
             id: .schemaUnknownKey, message: "unknown system field 'recordName' in record type 'Note'; did you mean 'recordID'?"),
        // Values of the wrong kind or outside their set.
        Case(name: "'required: yes'", marked: "recordTypes: { Note: { fields: { t: { type: string, required: ↓yes } } } }",
             id: .schemaInvalidValue, message: "must be true or false, not 'yes'; did you mean 'true'?"),
        Case(name: "quoted Boolean", marked: "recordTypes: { Note: { fields: { t: { type: string, encrypted: ↓\"true\" } } } }",
             id: .schemaInvalidValue, message: "'encrypted' of field 't' of record type 'Note' must be true or false"),
        Case(name: "unknown database", marked: "recordTypes: { Note: { database: ↓privat } }",
             id: .schemaInvalidValue, message: "must be private, public or shared, not 'privat'; did you mean 'private'?"),
        Case(name: "unknown index", marked: "recordTypes: { Note: { fields: { t: { type: string, indexes: [↓unique] } } } }",
             id: .schemaInvalidValue, message: "an index must be queryable, sortable or searchable, not 'unique'"),
        Case(name: "indexes as a scalar", marked: "recordTypes: { Note: { fields: { t: { type: string, indexes: ↓queryable } } } }",
             id: .schemaInvalidValue, message: "must be a list such as [queryable, sortable]"),
        Case(name: "unknown permission", marked: "recordTypes: { Note: { grants: { _world: [↓delete] } } }",
             id: .schemaInvalidValue, message: "a permission must be read, create or write, not 'delete'"),
        Case(name: "grant list entry that is not a mapping", marked: "recordTypes: { Note: { grants: [↓_world] } }",
             id: .schemaInvalidValue, message: "an entry of 'grants' of record type 'Note' must be a mapping"),
        Case(name: "unknown reference action", marked: "recordTypes: { Note: { fields: { r: { type: reference, action: ↓cascade } } } }",
             id: .schemaInvalidValue, message: "must be none, deleteSelf or validate, not 'cascade'"),
        Case(name: "preferredAs on a string", marked: "recordTypes: { Note: { fields: { s: { type: string, ↓preferredAs: int64 } } } }",
             id: .schemaInvalidValue, message: "'preferredAs' applies only to type 'number'"),
        Case(name: "enum on a bool", marked: "recordTypes: { Note: { fields: { b: { type: bool, ↓enum: [a] } } } }",
             id: .schemaInvalidValue, message: "'enum' cannot be combined with type 'bool'"),
        Case(name: "null default", marked: "recordTypes: { Note: { fields: { s: { type: string, default: ↓~ } } } }",
             id: .schemaInvalidValue, message: "leave the key out for no default"),
        Case(name: "mapping default", marked: "recordTypes: { Note: { fields: { s: { type: string, default: [1, ↓{a: b}] } } } }",
             id: .schemaInvalidValue, message: "must be a value or a list of values, not a mapping"),
        Case(name: "integer default out of range", marked: "recordTypes: { Note: { fields: { s: { type: int64, default: ↓9223372036854775808 } } } }",
             id: .schemaInvalidValue, message: "does not fit in a 64-bit integer"),
        Case(name: "null doc", marked: "recordTypes: { Note: { doc: ↓null } }",
             id: .schemaInvalidValue, message: "'doc' of record type 'Note' must be text, not null; quote it to mean the word"),
        Case(name: "record type body that is a list", marked: "recordTypes:\n  Note: ↓[a]\n",
             id: .schemaInvalidValue, message: "record type 'Note' must be a mapping"),
        Case(name: "a file that is a list", marked: "↓- recordTypes\n",
             id: .schemaInvalidValue, message: "a schema file must be a mapping"),
        Case(name: "a field that is a list", marked: "recordTypes: { Note: { fields: { t: ↓[string] } } }",
             id: .schemaInvalidValue, message: "must be a type name or a mapping with 'type'"),
        // Type names.
        Case(name: "boolean", marked: "recordTypes: { Note: { fields: { f: ↓boolean } } }",
             id: .schemaUnknownType, message: "unknown type 'boolean'; did you mean 'bool'?"),
        Case(name: "integer", marked: "recordTypes: { Note: { fields: { f: { type: ↓Integer } } } }",
             id: .schemaUnknownType, message: "did you mean 'int64'?"),
        Case(name: "date", marked: "recordTypes: { Note: { fields: { f: ↓date } } }",
             id: .schemaUnknownType, message: "did you mean 'timestamp'?"),
        Case(name: "a typo", marked: "recordTypes: { Note: { fields: { f: ↓strng } } }",
             id: .schemaUnknownType, message: "did you mean 'string'?"),
        Case(name: "a list of a mistaken type", marked: "recordTypes: { Note: { fields: { f: ↓list<float> } } }",
             id: .schemaUnknownType, message: "did you mean 'list<double>'?"),
        Case(name: "an array spelling", marked: "recordTypes: { Note: { fields: { f: ↓\"[String]\" } } }",
             id: .schemaUnknownType, message: "did you mean 'list<string>'?"),
        Case(name: "encryption in the type", marked: "recordTypes: { Note: { fields: { f: ↓encrypted string } } }",
             id: .schemaUnknownType, message: "write 'type: string' and 'encrypted: true'"),
        Case(name: "a nested list", marked: "recordTypes: { Note: { fields: { f: ↓list<list<string>> } } }",
             id: .schemaUnknownType, message: "a list holds single values, not lists"),
        Case(name: "nonsense", marked: "recordTypes: { Note: { fields: { f: ↓xyzzy } } }",
             id: .schemaUnknownType, message: "expected one of string, int64"),
        // Missing type.
        Case(name: "a long form without type", marked: "recordTypes: { Note: { fields: { ↓f: { indexes: [queryable] } } } }",
             id: .schemaMissingKey, message: "field 'f' of record type 'Note' has no 'type'"),
        Case(name: "a field without a value", marked: "recordTypes:\n  Note:\n    fields:\n      ↓f:\n",
             id: .schemaMissingKey, message: "field 'f' of record type 'Note' has no type"),
        Case(name: "a glued key in a flow mapping", marked: "recordTypes: { Note: { fields: { ↓title:string } } }",
             id: .schemaMissingKey, message: "is a space missing after ':'?"),
    ]

    @Test(arguments: cases)
    func mistakeIsReportedAtTheOffendingNode(_ testCase: Case) throws {
        let marked = MarkedText(testCase.marked)
        let diagnostics = parseYAML(marked).diagnostics
        let diagnostic = try #require(diagnostics.count == 1 ? diagnostics.first : nil, "\(diagnostics)")
        #expect(diagnostic.id == testCase.id)
        #expect(diagnostic.location == marked.location(file: "schema.yaml"))
        #expect(diagnostic.message.contains(testCase.message), "\(diagnostic.message)")
    }

    @Test func oneRunReportsEveryMistake() {
        let marked = MarkedText("""
            roles: [Moderator]
            recordTypes:
              Note:
                1️⃣datbase: public
                fields:
                  title: 2️⃣boolean
                  body: { type: string, 3️⃣index: [queryable] }
                  4️⃣mood: { enum: [a, b] }
                  done: { type: bool, required: 5️⃣yes }
                  6️⃣body: string
                grants: { _world: [7️⃣reed] }
              Other:
                fields: { ref: { type: reference, action: 8️⃣cascade }, alias: 9️⃣*x }
            0️⃣record_types: {}
            """)
        let diagnostics = parseYAML(marked).diagnostics
        let found = diagnostics.map { ($0.id, $0.location) }
        let expected: [(DiagnosticID, String)] = [
            (.schemaUnknownKey, "1️⃣"), (.schemaUnknownType, "2️⃣"), (.schemaUnknownKey, "3️⃣"), (.schemaMissingKey, "4️⃣"),
            (.schemaInvalidValue, "5️⃣"), (.yamlDuplicateKey, "6️⃣"), (.schemaInvalidValue, "7️⃣"),
            (.schemaInvalidValue, "8️⃣"), (.yamlAlias, "9️⃣"), (.schemaUnknownKey, "0️⃣"),
        ]
        #expect(diagnostics.count == expected.count, "\(diagnostics)")
        for (id, marker) in expected {
            #expect(found.contains { $0.0 == id && $0.1 == marked.location(marker, file: "schema.yaml") },
                    "\(id) at \(marker)")
        }
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func readingGoesOnAfterAMistake() throws {
        let parsed = parseYAML("""
            recordTypes:
              Note:
                fields:
                  bad: boolean
                  good: string
                  alsoBad: { type: string, encrypted: maybe }
            """)
        #expect(parsed.diagnostics.count == 2)
        let note = try #require(parsed.schema.recordType(named: "Note"))
        #expect(note.fields.map(\.name) == ["good", "alsoBad"])
        #expect(note.fields[1].type == .string)
    }
}
