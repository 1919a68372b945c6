import CKSchemaCodegen
import CKSchemaExternalGenerators
import CKSchemaCore
import CKSchemaTestSupport
import Foundation
import Testing

/// The generators' output for the example schemas, compared with reviewed golden files. The Swift references
/// are also compiled and exercised by `CKSchemaGeneratedCodeTests`.
@Suite struct ReferenceTests {
    /// The golden folders, `ReferenceSources/<name>/` (re-recorded by `scripts/record-references.sh`).
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ReferenceSources")

    /// Expects `files` to be exactly the files of reference `name`.
    private func expectReference(_ files: [GeneratedFile], reference name: String,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Snapshot.expect(files: files.map { ($0.name, $0.contents) }, inFolder: Self.references.appendingPathComponent(name),
                        sourceLocation: sourceLocation)
    }

    /// The example schema as generators receive it from the CLI.
    static let cloudJournal = GeneratorInput(schema: CloudJournalSchema.schema,
                                             sourceMap: CloudJournalSchema.parsed.sourceMap,
                                             schemaPath: CloudJournalSchema.path)

    @Test func cloudJournalModels() {
        #expect(CloudJournalSchema.parsed.diagnostics.isEmpty)
        let result = SwiftGenerator().generate(Self.cloudJournal)
        // The one note: cloudkit.share (shares of entries) is CloudKit's own CKShare, so no model is generated.
        #expect(result.diagnostics.map(\.id.rawValue) == ["codegen_skipped_record_type"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .note && $0.subject == .recordType("cloudkit.share") })
        expectReference(result.files, reference: "CloudJournal")
    }

    @Test func edgeCaseModels() {
        let options = SwiftGeneratorOptions(accessLevel: .public, namespace: "EdgeCaseSchema",
                                            layout: .singleFile(name: "EdgeCases.swift"))
        let result = SwiftGenerator(options: options).generate(GeneratorInput(schema: EdgeCaseSchema.schema,
                                                                              schemaPath: EdgeCaseSchema.path))
        // cloudkit.share gets no model, and CD_Item's `CD_creationDate` takes the Swift name `creationDate` that its
        // SORTABLE `___createTime` would have in typed queries.
        #expect(Set(result.diagnostics.map(\.id)) == [.codegenSkippedRecordType, .codegenSystemFieldHidden])
        #expect(result.diagnostics.allSatisfy { $0.severity == .note })
        #expect(result.diagnostics.contains { $0.subject == .systemField("CD_Item", .createTime) })
        expectReference(result.files, reference: "EdgeCases")
    }

    @Test func cloudJournalDocs() {
        expectReference(MarkdownDocsGenerator().generate(Self.cloudJournal).files, reference: "CloudJournal-docs")
    }

    @Test func edgeCaseDocs() {
        let input = GeneratorInput(schema: EdgeCaseSchema.schema, schemaPath: EdgeCaseSchema.path)
        expectReference(MarkdownDocsGenerator().generate(input).files, reference: "EdgeCases-docs")
    }

    @Test func cloudJournalJSONSchema() {
        expectReference(JSONSchemaGenerator().generate(Self.cloudJournal).files, reference: "CloudJournal-json-schema")
    }

    @Test func cloudJournalPluginRequest() {
        let request = PluginRequest.json(generator: "example", schemaPath: CloudJournalSchema.path,
                                         parameters: [("flavor", "plain")], schema: CloudJournalSchema.schema)
        expectReference([GeneratedFile(name: "request.json", contents: request.prettyPrinted)],
                        reference: "CloudJournal-plugin-request")
    }
}
