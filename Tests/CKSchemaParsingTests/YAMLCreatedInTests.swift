import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `createdIn:` on record types (where public records are made): read, checked, printed and read back.
@Suite struct YAMLCreatedInTests {
    @Test func readsEachOriginAndPrintsItBack() {
        let text = AccessFixtures.consoleCountry
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

/// `// ckschema:createdIn console` above a RECORD TYPE: the `.ckdb` way to say what YAML's `createdIn:` says.
@Suite struct CKDBCreatedInDirectiveTests {
    @Test func theDirectiveSetsTheNextRecordTypesOrigin() {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                // ckschema:database public
                // ckschema:createdIn console
                RECORD TYPE Country (name STRING, GRANT READ TO "_world");
                RECORD TYPE Post (title STRING, GRANT READ TO "_world");
            """, path: "schema.ckdb")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        #expect(parsed.schema.recordTypes.map(\.metadata.createdIn) == [.console, nil])
        #expect(parsed.schema.recordTypes.first?.metadata.database == .public)
        #expect(parsed.sourceMap.location(of: .recordTypeKey("Country", "createdIn"))
            == SourceLocation(file: "schema.ckdb", line: 3, column: 8))
    }

    @Test func anUnknownOriginIsALocatedError() {
        let parsed = parseCKDB("DEFINE SCHEMA\n    -- ckschema:createdIn dashboard\n    RECORD TYPE Country (name STRING);\n")
        #expect(parsed.diagnostics.map(\.message) == [
            "'dashboard' is not a place records are made in 'ckschema:createdIn'; write app, console or server",
        ])
        #expect(parsed.diagnostics.first?.location == SourceLocation(file: "test.ckdb", line: 2, column: 8))
    }
}

/// `database:` and `createdIn:` survive YAML → .ckdb → YAML: the printer writes them as the directives the
/// `.ckdb` parser reads, and .ckdb → YAML → .ckdb prints the directives back the same.
@Suite struct CKDBDirectiveRoundTripTests {
    private let yaml = AccessFixtures.consoleCountry + """
          Feed:
            createdIn: server
            fields:
              url: string
          Note:
            database: private
            fields:
              body: string

        """

    @Test func yamlToCKDBToYAMLKeepsDatabaseAndCreatedIn() {
        let ckdb = CKDBPrinter.print(parseYAML(yaml).schema, directives: true)
        #expect(ckdb.contains("    // ckschema:database public\n    // ckschema:createdIn console\n    RECORD TYPE Country ("))
        #expect(ckdb.contains("    // ckschema:createdIn server\n    RECORD TYPE Feed ("))
        let back = parseCKDB(ckdb, path: "schema.ckdb")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.message))")
        #expect(back.schema.recordTypes.map(\.metadata.createdIn) == [.console, .server, nil])
        #expect(back.schema.recordTypes.map(\.metadata.database) == [.public, nil, .private])
        #expect(YAMLPrinter.print(back.schema) == yaml)
    }

    @Test func ckdbToYAMLToCKDBKeepsTheDirectives() {
        let ckdb = CKDBPrinter.print(parseYAML(yaml).schema, directives: true)
        let viaYAML = parseYAML(YAMLPrinter.print(parseCKDB(ckdb, path: "schema.ckdb").schema))
        #expect(CKDBPrinter.print(viaYAML.schema, directives: true) == ckdb)
    }

    @Test func theExportLayoutLeavesThemOut() {
        // deploy's import file and generated .ckdb are what cktool exports: no comments.
        #expect(!CKDBPrinter.print(parseYAML(yaml).schema).contains("ckschema:"))
    }
}
