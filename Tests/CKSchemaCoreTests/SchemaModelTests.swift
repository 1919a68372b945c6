import CKSchemaCore
import Testing

@Suite struct SchemaModelTests {
    @Test func fieldTypesPrintAsTheSchemaLanguageWritesThem() {
        #expect(FieldType.string.description == "STRING")
        #expect(FieldType.list(.int64.encrypted).description == "LIST<ENCRYPTED INT64>")
        #expect(FieldType(.number(preferredAs: .double)).description == "NUMBER PREFERRED AS DOUBLE")
    }

    @Test func unindexedSystemFieldsDoNotAffectEquality() {
        var mentioned = RecordType(name: "Note")
        mentioned.setIndexes([], on: .etag)
        #expect(mentioned == RecordType(name: "Note"))
        #expect(RecordType(name: "Note", systemFieldIndexes: [.etag: []]) == RecordType(name: "Note"))
    }

    @Test func canonicalFormIgnoresFieldAndTypeOrder() {
        let a = Schema(recordTypes: [
            RecordType(name: "B", fields: [Field(name: "y", type: .string), Field(name: "x", type: .int64)]),
            RecordType(name: "A"),
        ])
        let b = Schema(recordTypes: [
            RecordType(name: "A"),
            RecordType(name: "B", fields: [Field(name: "x", type: .int64), Field(name: "y", type: .string)]),
        ])
        #expect(a != b)
        #expect(a.canonicalized() == b.canonicalized())
    }

    @Test func permissionsMergeAcrossGrantsToOneRole() {
        let type = RecordType(name: "T", grants: [Grant(.write, to: "_creator"), Grant(.read, to: "_creator")])
        #expect(type.permissions(for: "_creator") == [.read, .write])
        #expect(type.permissions(for: "_world").isEmpty)
        #expect(Permissions([.write, .read, .create]).keywords == "READ, CREATE, WRITE")
    }

    @Test func sourceMapFallsBackToTheEnclosingElement() {
        var map = SourceMap()
        let here = SourceLocation(file: "s.yaml", line: 3, column: 5)
        map.record(.field("Note", "title"), at: here)
        map.record(.field("Note", "title"), at: SourceLocation(file: "s.yaml", line: 9, column: 1))
        #expect(map.location(of: .fieldIndex("Note", "title", .queryable)) == here)
        #expect(map.location(of: .recordType("Other")) == nil)
    }

    @Test func diagnosticsSortByPlaceThenID() {
        let late = Diagnostic(id: "b", severity: .error, message: "m",
                              location: SourceLocation(file: "a", line: 2, column: 1))
        let early = Diagnostic(id: "z", severity: .warning, message: "m",
                               location: SourceLocation(file: "a", line: 1, column: 9))
        let nowhere = Diagnostic(id: "c", severity: .note, message: "m")
        #expect(Diagnostic.sortedForOutput([late, early, nowhere]) == [nowhere, early, late])
    }
}
