import CKSchemaCodegen
import CKSchemaCore
import Testing

/// The generators' output for the example schemas, compared with reviewed golden files. The Swift references
/// are also compiled and exercised by `CKSchemaGeneratedCodeTests`.
@Suite struct ReferenceTests {
    @Test func cloudJournalModels() throws {
        let result = SwiftGenerator().generate(GeneratorInput(schema: CloudJournalSchema.schema,
                                                              schemaPath: CloudJournalSchema.path))
        #expect(result.diagnostics.isEmpty)
        try ReferenceSnapshot.assertMatches(result.files, reference: "CloudJournal")
    }

    @Test func edgeCaseModels() throws {
        let options = SwiftGeneratorOptions(accessLevel: .public, namespace: "EdgeCaseSchema",
                                            layout: .singleFile(name: "EdgeCases.swift"))
        let result = SwiftGenerator(options: options).generate(GeneratorInput(schema: EdgeCaseSchema.schema,
                                                                              schemaPath: EdgeCaseSchema.path))
        #expect(result.diagnostics.map(\.id) == [.codegenSkippedRecordType])
        #expect(result.diagnostics.map(\.severity) == [.note])
        try ReferenceSnapshot.assertMatches(result.files, reference: "EdgeCases")
    }
}
