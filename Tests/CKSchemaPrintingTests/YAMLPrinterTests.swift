import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// The canonical YAML layout, pinned on whole documents.
@Suite struct YAMLPrinterTests {
    @Test func printsTheCanonicalLayout() {
        let schema = Schema(roles: [Role(name: "Moderator")], recordTypes: [
            RecordType(
                name: "JournalEntry",
                fields: [
                    Field(name: "title", type: .string),
                    Field(name: "body", type: .string.encrypted),
                    Field(name: "mood", type: .string,
                          metadata: FieldMetadata(logicalType: .enumeration(["happy", "sad"]), defaultValue: .string("happy"))),
                    Field(name: "createdAt", type: .timestamp, indexes: [.sortable, .queryable],
                          metadata: FieldMetadata(isRequired: true)),
                    Field(name: "isFavorite", type: .int64, metadata: FieldMetadata(logicalType: .bool)),
                    Field(name: "flags", type: .list(.int64), metadata: FieldMetadata(logicalType: .bool, defaultValue: .list([.bool(true)]))),
                    Field(name: "category", type: .reference, indexes: .queryable,
                          metadata: FieldMetadata(referenceTarget: "Category", referenceAction: ReferenceAction.none)),
                    Field(name: "tags", type: .list(.string)),
                    Field(name: "score", type: FieldType(.number(preferredAs: .int64)),
                          metadata: FieldMetadata(deprecation: "use ratio")),
                    Field(name: "ratio", type: .double, metadata: FieldMetadata(defaultValue: .double(1e16))),
                ],
                systemFieldIndexes: [.recordID: .queryable, .createTime: [.queryable, .sortable]],
                grants: [Grant(.read, to: "_world"), Grant(.create, to: "_icloud"), Grant([.write, .read], to: "Moderator")],
                metadata: RecordTypeMetadata(database: .public, documentation: "Free text", swiftName: "Entry", zone: "Z")
            ),
            RecordType(name: "Category"),
        ])
        #expect(YAMLPrinter.print(schema) == """
            roles: [Moderator]
            recordTypes:
              JournalEntry:
                database: public
                zone: Z
                doc: Free text
                swiftName: Entry
                fields:
                  title: string
                  body: { type: string, encrypted: true }
                  mood: { type: string, enum: [happy, sad], default: happy }
                  createdAt: { type: timestamp, indexes: [queryable, sortable], required: true }
                  isFavorite: bool
                  flags: { type: list<bool>, default: [true] }
                  category: { type: reference, indexes: [queryable], to: Category, action: none }
                  tags: list<string>
                  score: { type: number, preferredAs: int64, deprecated: use ratio }
                  ratio: { type: double, default: 1.0e+16 }
                systemFields: { createTime: [queryable, sortable], recordID: [queryable] }
                grants: { _world: [read], _icloud: [create], Moderator: [read, write] }
              Category: {}

            """)
    }

    @Test func anEmptySchemaIsStillADocument() {
        #expect(YAMLPrinter.print(Schema()) == "recordTypes: {}\n")
        #expect(parseYAML(YAMLPrinter.print(Schema()), path: "printed.yaml").diagnostics.isEmpty)
    }

    @Test func aRepeatedRoleNeedsTheListFormOfGrants() {
        let schema = Schema(recordTypes: [RecordType(name: "Note", grants: [
            Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_creator"),
        ])])
        #expect(YAMLPrinter.print(schema) == """
            recordTypes:
              Note:
                grants:
                  - { _creator: [write] }
                  - { _icloud: [create] }
                  - { _creator: [read] }

            """)
    }

    @Test func longDefinitionsUseBlockForm() {
        let documentation = "A long explanation of what this field holds, long enough that the flow form would pass 100 columns."
        let schema = Schema(roles: (1...20).map { Role(name: "Role\($0)") }, recordTypes: [
            RecordType(name: "Note", fields: [
                Field(name: "summary", type: .string, indexes: .searchable,
                      metadata: FieldMetadata(documentation: documentation)),
            ]),
        ])
        let text = YAMLPrinter.print(schema)
        #expect(text.hasPrefix("roles:\n  - Role1\n  - Role2\n"))
        #expect(text.contains("""
                  summary:
                    type: string
                    indexes: [searchable]
                    doc: \(documentation)

            """))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.contains(documentation) })
    }

    @Test func multiLineDocumentationIsALiteralBlock() {
        let schema = Schema(recordTypes: [RecordType(
            name: "Note",
            fields: [Field(name: "f", type: .string, metadata: FieldMetadata(documentation: "First line.\n\n  Indented: yes\nLast"))],
            metadata: RecordTypeMetadata(documentation: "Type docs\nsecond line")
        )])
        let text = YAMLPrinter.print(schema)
        #expect(text == """
            recordTypes:
              Note:
                doc: |-
                  Type docs
                  second line
                fields:
                  f:
                    type: string
                    doc: |-
                      First line.

                        Indented: yes
                      Last

            """)
        #expect(parseYAML(text, path: "printed.yaml").schema == schema)
    }

    @Test func documentationThatALiteralBlockWouldChangeIsQuoted() {
        for documentation in ["trailing space \nline", "ends with newline\n", " leading space\nline", "a\r\nb"] {
            let schema = Schema(recordTypes: [RecordType(name: "Note", metadata: RecordTypeMetadata(documentation: documentation))])
            let text = YAMLPrinter.print(schema)
            #expect(!text.contains("|-"), "\(documentation.debugDescription)")
            #expect(parseYAML(text, path: "printed.yaml").schema == schema, "\(documentation.debugDescription)")
        }
    }

    @Test func keysTooLongForLibyamlUseExplicitKeys() {
        let long = String(repeating: "x", count: 1500)
        let schema = Schema(roles: [Role(name: long)], recordTypes: [
            RecordType(name: long, fields: [Field(name: long, type: .string)],
                       grants: [Grant(.read, to: long), Grant(.write, to: "_creator"), Grant(.create, to: long)]),
            RecordType(name: "Short", grants: [Grant(.read, to: long)]),
        ])
        let text = YAMLPrinter.print(schema)
        #expect(text.contains("? \(long)\n"))
        let parsed = parseYAML(text, path: "printed.yaml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.schema == schema)
    }

    @Test func printingIsDeterministic() {
        let schema = Schema(recordTypes: [RecordType(
            name: "Note",
            systemFieldIndexes: [.modTime: .sortable, .recordID: .queryable, .createdBy: .queryable]
        )])
        let outputs = Set((0..<20).map { _ in YAMLPrinter.print(schema) })
        #expect(outputs.count == 1)
        #expect(outputs.first?.contains("{ createdBy: [queryable], modTime: [sortable], recordID: [queryable] }") == true)
    }

    @Test(arguments: [
        (0.1, "0.1"), (1.0, "1.0"), (-2.5, "-2.5"), (1e-7, "1.0e-07"), (6.02e23, "6.02e+23"), (1e16, "1.0e+16"),
        (Double.infinity, ".inf"), (-Double.infinity, "-.inf"), (Double.nan, ".nan"), (-0.0, "-0.0"),
    ])
    func doublesPrintAsYAMLFloats(_ value: Double, _ expected: String) {
        let schema = Schema(recordTypes: [RecordType(name: "N", fields: [
            Field(name: "d", type: .double, metadata: FieldMetadata(defaultValue: .double(value))),
        ])])
        #expect(YAMLPrinter.print(schema).contains("default: \(expected) }"))
    }
}
