import CKSchemaCodegen
import CKSchemaCore
import Testing

/// A schema the generator cannot represent yields located diagnostics and no files, never broken Swift.
@Suite struct SwiftGeneratorDiagnosticsTests {
    /// Locations for every record type and field of `schema`, one line each, so tests can check positions.
    static func sourceMap(for schema: Schema) -> SourceMap {
        var map = SourceMap()
        var line = 1
        for recordType in schema.recordTypes {
            map.record(.recordType(recordType.name), at: SourceLocation(file: "s.yaml", line: line, column: 3))
            line += 1
            for field in recordType.fields {
                map.record(.field(recordType.name, field.name), at: SourceLocation(file: "s.yaml", line: line, column: 7))
                line += 1
            }
        }
        return map
    }

    static func generate(_ schema: Schema, options: SwiftGeneratorOptions = SwiftGeneratorOptions()) -> GenerationResult {
        SwiftGenerator(options: options).generate(GeneratorInput(schema: schema, sourceMap: sourceMap(for: schema),
                                                                 schemaPath: "s.yaml"))
    }

    static func schema(_ fields: [Field], typeName: String = "Note") -> Schema {
        Schema(recordTypes: [RecordType(name: typeName, fields: fields)])
    }

    @Test func aDeprecatedFieldsStorageMustNotTakeAnotherFieldsName() throws {
        let result = Self.generate(Self.schema([
            Field(name: "old", type: .string, metadata: FieldMetadata(deprecation: "gone")),
            Field(name: "other", type: .string, metadata: FieldMetadata(swiftName: "_old")),
        ]))
        #expect(result.files.isEmpty)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == .codegenNameCollision)
        #expect(diagnostic.message.contains("the storage of deprecated field 'old'"))
        #expect(diagnostic.subject == .fieldKey("Note", "old", "deprecated"))
    }

    @Test func fieldsThatCollideAfterMappingAreReportedAtTheSecond() throws {
        let result = Self.generate(Self.schema([Field(name: "first-name", type: .string),
                                                Field(name: "firstName", type: .string)]))
        #expect(result.files.isEmpty)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == .codegenNameCollision)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == SourceLocation(file: "s.yaml", line: 3, column: 7))
        #expect(diagnostic.message.contains("'firstName'"))
        #expect(diagnostic.notes.first?.location == SourceLocation(file: "s.yaml", line: 2, column: 7))
    }

    @Test(arguments: ["recordID", "recordType", "cloudKitSystemFields", "hashValue", "FieldKey", "CodingKeys", "allCases"])
    func fieldsNamedLikeGeneratedMembersAreReported(name: String) throws {
        let result = Self.generate(Self.schema([Field(name: name, type: .string)]))
        #expect(result.diagnostics.map(\.id) == [.codegenReservedName])
        #expect(result.files.isEmpty)
    }

    @Test(arguments: ["Data", "String", "URL", "CKRecord", "CloudKitSchema", "Foundation"])
    func recordTypesThatWouldHideTypesTheCodeUsesAreReported(name: String) throws {
        let result = Self.generate(Self.schema([], typeName: name))
        #expect(result.diagnostics.map(\.id) == [.codegenReservedName])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "s.yaml", line: 1, column: 3))
    }

    @Test func swiftNameResolvesACollision() {
        var fields = [Field(name: "first-name", type: .string), Field(name: "firstName", type: .string)]
        fields[1].metadata.swiftName = "givenName"
        let result = Self.generate(Self.schema(fields))
        #expect(result.succeeded)
        #expect(result.files.contains { $0.contents.contains("var givenName: String?") })
    }

    @Test func optionOverridesWinOverSwiftNames() throws {
        var field = Field(name: "title", type: .string)
        field.metadata.swiftName = "fromSchema"
        let options = SwiftGeneratorOptions(typeNameOverrides: ["Note": "Memo"],
                                            propertyNameOverrides: ["Note": ["title": "heading"]])
        let result = Self.generate(Self.schema([field]), options: options)
        let memo = try #require(result.files.first { $0.name == "Memo.swift" })
        #expect(memo.contents.contains("var heading: String?"))
        #expect(memo.contents.contains("case heading = \"title\""))
        #expect(memo.contents.contains("static let recordType = \"Note\""))
    }

    @Test func invalidNamesAreReported() {
        var field = Field(name: "title", type: .string)
        field.metadata.swiftName = "not an identifier"
        #expect(Self.generate(Self.schema([field])).diagnostics.map(\.id) == [.codegenInvalidName])
        #expect(Self.generate(Self.schema([Field(name: "---", type: .string)])).diagnostics.map(\.id) == [.codegenInvalidName])
        #expect(Self.generate(Self.schema([], typeName: "...")).diagnostics.map(\.id) == [.codegenInvalidName])
        let badNamespace = Self.generate(Self.schema([]), options: SwiftGeneratorOptions(namespace: "Not Valid"))
        #expect(badNamespace.diagnostics.map(\.id) == [.codegenInvalidName])
    }

    @Test func enumValuesMustMakeDistinctCases() {
        let colliding = Field(name: "state", type: .string,
                              metadata: FieldMetadata(logicalType: .enumeration(["a-b", "aB"])))
        #expect(Self.generate(Self.schema([colliding])).diagnostics.map(\.id) == [.codegenNameCollision])
        let unnamed = Field(name: "state", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["ok", "?"])))
        #expect(Self.generate(Self.schema([unnamed])).diagnostics.map(\.id) == [.codegenInvalidName])
        let fallback = Field(name: "state", type: .string,
                             metadata: FieldMetadata(logicalType: .enumeration(["unrecognized"])))
        #expect(Self.generate(Self.schema([fallback])).diagnostics.map(\.id) == [.codegenReservedName])
    }

    @Test func enumTypesAvoidTakenNames() throws {
        let result = Self.generate(Self.schema([
            Field(name: "mood", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["a"]))),
            Field(name: "Mood", type: .string),
            Field(name: "note", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["b"]))),
        ]))
        let contents = try #require(result.files.first { $0.name == "Note.swift" }).contents
        #expect(contents.contains("enum MoodValue: RawRepresentable"))
        #expect(contents.contains("var mood: MoodValue?"))
        // `Note` is the model itself, so its enum field's type is renamed too.
        #expect(contents.contains("enum NoteValue: RawRepresentable"))
    }

    @Test(arguments: [
        Field(name: "f", type: .string, metadata: FieldMetadata(logicalType: .bool)),
        Field(name: "f", type: .int64, metadata: FieldMetadata(logicalType: .enumeration(["a"]))),
        Field(name: "f", type: .asset.encrypted),
        Field(name: "f", type: .list(.reference.encrypted)),
        Field(name: "f", type: .reference, metadata: FieldMetadata(referenceTarget: "Missing")),
    ])
    func unsupportedFieldsAreReported(field: Field) {
        let result = Self.generate(Self.schema([field]))
        #expect(result.diagnostics.map(\.id) == [.codegenUnsupportedField])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "s.yaml", line: 2, column: 7))
        #expect(result.files.isEmpty)
    }

    @Test(arguments: [
        Field(name: "f", type: .string, metadata: FieldMetadata(defaultValue: .integer(1))),
        Field(name: "f", type: .int64, metadata: FieldMetadata(defaultValue: .double(1.5))),
        Field(name: "f", type: .double, metadata: FieldMetadata(defaultValue: .double(.infinity))),
        Field(name: "f", type: .int64, metadata: FieldMetadata(logicalType: .bool, defaultValue: .integer(2))),
        Field(name: "f", type: .string, metadata: FieldMetadata(logicalType: .enumeration(["a"]), defaultValue: .string("b"))),
        Field(name: "f", type: .timestamp, metadata: FieldMetadata(defaultValue: .string("2024-01-01"))),
        Field(name: "f", type: .string, metadata: FieldMetadata(defaultValue: .list([.string("a")]))),
        Field(name: "f", type: .list(.string), metadata: FieldMetadata(defaultValue: .string("a"))),
        Field(name: "f", type: .list(.string), metadata: FieldMetadata(defaultValue: .list([.list([])]))),
    ])
    func defaultsThatDoNotSuitTheFieldAreReported(field: Field) {
        let result = Self.generate(Self.schema([field]))
        #expect(result.diagnostics.map(\.id) == [.codegenInvalidDefault])
        #expect(result.files.isEmpty)
    }

    @Test func typesDifferingOnlyInCaseClashAsFilesButNotInOneFile() {
        let schema = Schema(recordTypes: [RecordType(name: "Note"), RecordType(name: "note")])
        #expect(Self.generate(schema).diagnostics.map(\.id) == [.codegenNameCollision])
        let single = Self.generate(schema, options: SwiftGeneratorOptions(layout: .singleFile(name: "Models.swift")))
        #expect(single.succeeded)
        #expect(single.files.map(\.name) == ["Models.swift"])
    }

    @Test func cloudKitShareGetsANoteAndNoModel() {
        let result = Self.generate(Schema(recordTypes: [RecordType(name: "cloudkit.share"), RecordType(name: "Note")]))
        #expect(result.succeeded)
        #expect(result.diagnostics.map(\.severity) == [.note])
        #expect(result.files.map(\.name) == ["CloudKitSchema.swift", "Note.swift"])
    }

    @Test func everyProblemIsReportedInOneRun() {
        let result = Self.generate(Schema(recordTypes: [
            RecordType(name: "A", fields: [Field(name: "recordID", type: .string), Field(name: "x", type: .asset.encrypted)]),
            RecordType(name: "Data"),
        ]))
        #expect(Set(result.diagnostics.map(\.id)) == [.codegenReservedName, .codegenUnsupportedField])
        #expect(result.diagnostics.count == 3)
    }
}
