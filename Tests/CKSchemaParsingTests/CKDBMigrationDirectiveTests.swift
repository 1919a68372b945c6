import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `// ckschema:migration …` above a RECORD TYPE: the `.ckdb` form of a field's migration keys, read, located,
/// and written by `convert`'s printer so that YAML → .ckdb → YAML keeps them.
@Suite struct CKDBMigrationDirectiveTests {
    private let yaml = """
        recordTypes:
          Entry:
            fields:
              isFavorite: bool
              starred: { type: bool, renamedFrom: isFavorite, dualWrite: true }
              stars: int64
              rating: { type: double, replaces: { field: stars, type: int64 }, lossy: true }
              tag: string
              tags: { type: list<string>, replaces: { field: tag, type: string }, dualWrite: true, lossy: true }

        """

    @Test func directivesAreReadOntoTheirFieldsAndLocated() throws {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                // ckschema:migration starred renamedFrom isFavorite dualWrite
                -- ckschema:migration rating replaces stars INT64 lossy
                RECORD TYPE Entry (isFavorite INT64, starred INT64, stars INT64, rating DOUBLE);
            """, path: "s.ckdb")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        let entry = try #require(parsed.schema.recordType(named: "Entry"))
        #expect(entry.field(named: "starred")?.metadata.migration
                    == FieldMigration(kind: .rename, oldField: "isFavorite", dualWrite: true))
        #expect(entry.field(named: "rating")?.metadata.migration
                    == FieldMigration(kind: .retype, oldField: "stars", oldType: .int64, lossy: true))
        #expect(parsed.sourceMap.location(of: .fieldKey("Entry", "starred", "renamedFrom"))
                    == SourceLocation(file: "s.ckdb", line: 2, column: 8))
        #expect(parsed.sourceMap.location(of: .fieldKey("Entry", "rating", "replaces.type"))?.line == 3)
    }

    @Test(arguments: [
        ("// ckschema:migration starred", "is not a migration"),
        ("// ckschema:migration starred movedFrom isFavorite", "is not a migration"),
        ("// ckschema:migration starred replaces isFavorite", "needs the old field's type"),
        ("// ckschema:migration starred replaces isFavorite integer", "needs the old field's type"),
        ("// ckschema:migration starred renamedFrom isFavorite twice", "'twice' in"),
        ("// ckschema:migration shining renamedFrom isFavorite", "names no field of RECORD TYPE Entry"),
    ])
    func aBadDirectiveIsALocatedError(directive: String, phrase: String) {
        let parsed = parseCKDB("DEFINE SCHEMA\n    \(directive)\n    RECORD TYPE Entry (isFavorite INT64, starred INT64);\n",
                               path: "s.ckdb")
        #expect(parsed.diagnostics.count == 1)
        #expect(parsed.diagnostics.first?.message.contains(phrase) == true, "\(parsed.diagnostics.map(\.message))")
        #expect(parsed.diagnostics.first?.location == SourceLocation(file: "s.ckdb", line: 2, column: 8))
        #expect(parsed.schema.recordTypes.first?.fields.allSatisfy { $0.metadata.migration == nil } == true)
    }

    @Test func aSecondMigrationOfOneFieldOrNoTypeAfterIsAnError() {
        let parsed = parseCKDB("""
            DEFINE SCHEMA
                // ckschema:migration starred renamedFrom isFavorite
                /* ckschema:migration starred renamedFrom other */
                RECORD TYPE Entry (isFavorite INT64, other INT64, starred INT64);
                // ckschema:migration starred renamedFrom isFavorite
            """, path: "s.ckdb")
        #expect(parsed.diagnostics.map { $0.location?.line } == [3, 5], "\(parsed.diagnostics.map(\.message))")
        #expect(parsed.diagnostics.first?.message.contains("has a migration already") == true)
        #expect(parsed.schema.recordTypes.first?.field(named: "starred")?.metadata.migration?.oldField == "isFavorite")
    }

    @Test func yamlToCKDBAndBackKeepsEveryDeclaration() throws {
        let parsed = parseYAML(yaml)
        #expect(parsed.diagnostics.isEmpty)
        let ckdb = CKDBPrinter.print(parsed.schema, directives: true)
        #expect(ckdb.contains("""
                // ckschema:migration starred renamedFrom isFavorite dualWrite
                // ckschema:migration rating replaces stars int64 lossy
                // ckschema:migration tags replaces tag string dualWrite lossy
                RECORD TYPE Entry (
            """))
        let back = parseCKDB(ckdb, path: "s.ckdb")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.message))")
        #expect(back.schema.recordTypes.first?.fields.map(\.metadata.migration)
                    == parsed.schema.recordTypes.first?.fields.map(\.metadata.migration))
        // The `bool` of the YAML is .ckdb-less metadata; everything else prints back as it was written.
        var withBools = back.schema
        for index in withBools.recordTypes[0].fields.indices where ["isFavorite", "starred"].contains(withBools.recordTypes[0].fields[index].name) {
            withBools.recordTypes[0].fields[index].metadata.logicalType = .bool
        }
        #expect(YAMLPrinter.print(withBools) == yaml)
        // Without directives (deploy's import file, the export layout) nothing is written.
        #expect(!CKDBPrinter.print(parsed.schema).contains("ckschema:"))
    }
}
