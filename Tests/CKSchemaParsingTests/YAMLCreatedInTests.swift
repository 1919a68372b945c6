import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `createdIn:` on record types (where public records are made): read, checked, printed and read back.
@Suite struct YAMLCreatedInTests {
    @Test func readsEachOriginAndPrintsItBack() {
        let text = """
            recordTypes:
              Country:
                database: public
                createdIn: console
                fields:
                  name: string
                grants: { _world: [read] }

            """
        let parsed = parseYAML(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema.recordTypes.first?.metadata.createdIn == .console)
        #expect(YAMLPrinter.print(parsed.schema) == text)
        #expect(parseYAML("recordTypes: { Feed: { createdIn: server } }").schema.recordTypes.first?.metadata.createdIn == .server)
    }

    @Test func anUnknownOriginIsALocatedError() {
        let parsed = parseYAML("recordTypes:\n  Country:\n    createdIn: dashboard\n")
        #expect(parsed.diagnostics.map(\.id) == [.schemaInvalidValue])
        #expect(parsed.diagnostics.first?.location == SourceLocation(file: "schema.yaml", line: 3, column: 16))
    }

    @Test func filesThatDisagreeConflict() {
        let parsed = YAMLSchemaParser.parse([
            SourceFile(path: "a.yaml", text: "recordTypes: { Feed: { createdIn: console } }"),
            SourceFile(path: "b.yaml", text: "recordTypes: { Feed: { createdIn: app } }"),
        ])
        #expect(parsed.diagnostics.map(\.id) == [.schemaConflict])
    }
}
