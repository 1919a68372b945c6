import CKSchemaCodegen
import CKSchemaCore
import Testing

/// The Swift generator's side of merge policies: each policy becomes its `Merger` call, a policy the field's
/// Swift type cannot merge is a located error (for schemas that skipped linting), and a `.ckdb` source is noted.
@Suite struct MergePolicyGenerationTests {
    static func generate(_ recordType: RecordType, language: SchemaLanguage = .yaml) -> GenerationResult {
        SwiftGenerator(options: SwiftGeneratorOptions(layout: .singleFile(name: "Models.swift")))
            .generate(GeneratorInput(schema: Schema(recordTypes: [recordType]), schemaPath: "s.yaml", language: language))
    }

    @Test func everyPolicyBecomesItsMergerCall() throws {
        let result = Self.generate(RecordType(
            name: "Note",
            fields: [
                Field(name: "title", type: .string),
                Field(name: "views", type: .int64, metadata: FieldMetadata(mergePolicy: .sum)),
                Field(name: "best", type: .double, metadata: FieldMetadata(mergePolicy: .max)),
                Field(name: "first", type: .timestamp, metadata: FieldMetadata(mergePolicy: .min)),
                Field(name: "tags", type: .list(.string), metadata: FieldMetadata(mergePolicy: .union)),
                Field(name: "pinned", type: .int64, metadata: FieldMetadata(logicalType: .bool, mergePolicy: .client)),
                Field(name: "owner", type: .string, metadata: FieldMetadata(mergePolicy: .server)),
                Field(name: "editedAt", type: .timestamp),
                Field(name: "old", type: .string, metadata: FieldMetadata(deprecation: "gone")),
                // Non-optional properties (required fields) have their own methods: a `Merger` method is never
                // overloaded, which would make the type checker try each overload.
                Field(name: "total", type: .double, metadata: FieldMetadata(isRequired: true, mergePolicy: .sum)),
                Field(name: "count", type: .int64, metadata: FieldMetadata(isRequired: true, mergePolicy: .sum)),
                Field(name: "score", type: .double, metadata: FieldMetadata(isRequired: true, mergePolicy: .max)),
                Field(name: "labels", type: .list(.string), metadata: FieldMetadata(isRequired: true, mergePolicy: .union)),
                Field(name: "ratio", type: .double, metadata: FieldMetadata(mergePolicy: .sum)),
            ],
            metadata: RecordTypeMetadata(mergeDefault: .latest, mergeClock: "editedAt")
        ))
        #expect(result.diagnostics.isEmpty)
        let text = try #require(result.files.first?.contents)
        let calls = [("latest", "title"), ("sum", "views"), ("maximum", "best"), ("minimum", "first"), ("union", "tags"),
                     ("clientWins", "pinned"), ("serverWins", "owner"), ("latest", "editedAt"),
                     ("sumDoubleNonOptional", "total"), ("sumNonOptional", "count"), ("maximumNonOptional", "score"),
                     ("unionNonOptional", "labels"), ("sumDouble", "ratio")].map { method, field in
            "merger.\(method)(\\.\(field), \"\(field)\", into: &merged)"
        }
        for call in calls + ["clock: { $0.editedAt }"] {
            #expect(text.contains(call), "\(call)")
        }
        // A deprecated field is never written, so it is not merged: it keeps the server's value.
        #expect(!text.contains("\\.old") && !text.contains("\\._old"))
    }

    @Test func withoutAClockLatestComparesModificationDates() throws {
        let result = Self.generate(RecordType(name: "Note", fields: [Field(name: "title", type: .string)],
                                              metadata: RecordTypeMetadata(mergeDefault: .latest)))
        #expect(try #require(result.files.first?.contents).contains("clock: { $0.cloudKitSystemFields?.modificationDate }"))
    }

    @Test(arguments: [
        (Field(name: "title", type: .string, metadata: FieldMetadata(mergePolicy: .union)), "'union' merges lists"),
        (Field(name: "title", type: .string, metadata: FieldMetadata(mergePolicy: .max)), "single numbers and timestamps"),
        (Field(name: "at", type: .timestamp, metadata: FieldMetadata(mergePolicy: .sum)), "single numbers (counters)"),
        (Field(name: "flag", type: .int64, metadata: FieldMetadata(logicalType: .bool, mergePolicy: .sum)), "counters"),
        (Field(name: "counts", type: .list(.int64), metadata: FieldMetadata(mergePolicy: .max)), "single numbers"),
    ])
    func aPolicyTheSwiftTypeCannotMergeIsAnError(_ field: Field, _ reason: String) throws {
        let result = Self.generate(RecordType(name: "Note", fields: [field]))
        #expect(result.files.isEmpty)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == .codegenUnsupportedMergePolicy && diagnostic.severity == .error)
        #expect(diagnostic.message.contains(reason), "\(diagnostic.message)")
        #expect(diagnostic.subject == .fieldKey("Note", field.name, "merge"))
    }

    @Test func aTypeDefaultThatDoesNotFitIsLocatedAtTheType() throws {
        let result = Self.generate(RecordType(name: "Note", fields: [Field(name: "title", type: .string)],
                                              metadata: RecordTypeMetadata(mergeDefault: .sum)))
        #expect(result.diagnostics.first?.subject == .recordTypeKey("Note", "merge"))
    }

    @Test(arguments: ["missing", "title"])
    func aClockThatIsNotATimestampFieldIsAnError(_ clock: String) throws {
        let result = Self.generate(RecordType(name: "Note", fields: [Field(name: "title", type: .string)],
                                              metadata: RecordTypeMetadata(mergeDefault: .latest, mergeClock: clock)))
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.id == .codegenUnsupportedMergePolicy && diagnostic.subject == .recordTypeKey("Note", "mergeClock"))
    }

    @Test func aCKDBSourceIsNotedToHaveNoPolicies() {
        let note = RecordType(name: "Note", fields: [Field(name: "title", type: .string)])
        let fromCKDB = Self.generate(note, language: .ckdb)
        #expect(fromCKDB.succeeded)
        #expect(fromCKDB.diagnostics.map(\.id) == [.codegenNoMergePolicies])
        #expect(fromCKDB.diagnostics.first?.severity == .note)
        #expect(Self.generate(note).diagnostics.isEmpty)
    }
}
