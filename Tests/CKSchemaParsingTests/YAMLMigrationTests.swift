import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// The migration keys of a field (`renamedFrom`, `replaces`, `dualWrite`, `lossy`): read into
/// `FieldMigration`, their keys located, and every malformed value an error at its node.
@Suite struct YAMLMigrationTests {
    @Test func renamedFromIsReadAndLocated() throws {
        let marked = MarkedText("""
            recordTypes:
              Entry:
                fields:
                  isFavorite: bool
                  starred: { type: bool, 1️⃣renamedFrom: isFavorite, 2️⃣dualWrite: true }
            """)
        let parsed = parseYAML(marked)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let field = try #require(parsed.schema.recordType(named: "Entry")?.field(named: "starred"))
        #expect(field.metadata.migration == FieldMigration(kind: .rename, oldField: "isFavorite", dualWrite: true))
        #expect(field.metadata.logicalType == .bool)
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "starred", "renamedFrom")]
                    == marked.location("1️⃣", file: "schema.yaml"))
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "starred", "dualWrite")]
                    == marked.location("2️⃣", file: "schema.yaml"))
    }

    @Test func replacesIsReadWithItsTypeAndLocated() throws {
        let marked = MarkedText("""
            recordTypes:
              Entry:
                fields:
                  stars: int64
                  rating:
                    type: double
                    1️⃣replaces: { field: 2️⃣stars, type: 3️⃣INT64 }
                    4️⃣lossy: true
                    dualWrite: false
                  tags: { type: list<string>, replaces: { type: bool, field: flag } }
            """)
        let parsed = parseYAML(marked)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let entry = try #require(parsed.schema.recordType(named: "Entry"))
        #expect(entry.field(named: "rating")?.metadata.migration
                    == FieldMigration(kind: .retype, oldField: "stars", oldType: .int64, lossy: true))
        #expect(entry.field(named: "tags")?.metadata.migration
                    == FieldMigration(kind: .retype, oldField: "flag", oldType: .int64))
        #expect(entry.field(named: "stars")?.metadata.migration == nil)
        let file = "schema.yaml"
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "rating", "replaces")] == marked.location("1️⃣", file: file))
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "rating", "replaces.field")]
                    == marked.location("2️⃣", file: file))
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "rating", "replaces.type")]
                    == marked.location("3️⃣", file: file))
        #expect(parsed.sourceMap.locations[.fieldKey("Entry", "rating", "lossy")] == marked.location("4️⃣", file: file))
    }

    /// One malformed field per case, its error expected at the marker with the ID and a phrase of the message.
    struct BadCase: Sendable, CustomTestStringConvertible {
        let field: String
        let id: DiagnosticID
        let phrase: String
        var testDescription: String { field }
    }

    static let badCases: [BadCase] = [
        BadCase(field: "a: { type: bool, renamedFrom: ↓[x] }", id: .schemaInvalidValue, phrase: "must be a name"),
        BadCase(field: "a: { type: bool, renamedFrom: ↓null }", id: .schemaInvalidValue, phrase: "must be a name"),
        BadCase(field: "a: { type: double, replaces: ↓stars }", id: .schemaInvalidValue,
                phrase: "must be a mapping such as { field: stars, type: int64 }"),
        BadCase(field: "a: { type: double, replaces: ↓{ type: int64 } }", id: .schemaMissingKey, phrase: "no 'field'"),
        BadCase(field: "a: { type: double, replaces: ↓{ field: stars } }", id: .schemaMissingKey, phrase: "no 'type'"),
        BadCase(field: "a: { type: double, replaces: ↓{} }", id: .schemaMissingKey, phrase: "no 'field' or 'type'"),
        BadCase(field: "a: { type: double, replaces: { field: stars, type: int64, ↓fild: x } }", id: .schemaUnknownKey,
                phrase: "did you mean 'field'?"),
        BadCase(field: "a: { type: double, replaces: { field: stars, type: ↓integer } }", id: .schemaUnknownType,
                phrase: "unknown type 'integer' in 'type' of 'replaces'"),
        BadCase(field: "a: { type: double, replaces: { field: stars, type: ↓list<list<int64>> } }",
                id: .schemaUnknownType, phrase: "a list holds single values"),
        BadCase(field: "a: { type: double, replaces: { field: ↓[stars], type: int64 } }", id: .schemaInvalidValue,
                phrase: "'field' of 'replaces'"),
        BadCase(field: "a: { type: bool, renamedFrom: b, dualWrite: ↓yes }", id: .schemaInvalidValue,
                phrase: "did you mean 'true'?"),
        BadCase(field: "a: { type: bool, renamedFrom: b, lossy: ↓1 }", id: .schemaInvalidValue,
                phrase: "must be true or false"),
        BadCase(field: "a: { type: bool, renamedFrom: b, ↓replaces: { field: c, type: int64 } }",
                id: .schemaInvalidValue, phrase: "has both 'renamedFrom' and 'replaces'"),
        BadCase(field: "a: { type: bool, ↓dualWrite: true }", id: .schemaInvalidValue,
                phrase: "'dualWrite' of field 'a' of record type 'Entry' applies only to a field with"),
        BadCase(field: "a: { type: bool, ↓lossy: false }", id: .schemaInvalidValue,
                phrase: "'lossy' of field 'a' of record type 'Entry' applies only"),
        BadCase(field: "a: { type: bool, ↓renamedFro: b }", id: .schemaUnknownKey, phrase: "did you mean 'renamedFrom'?"),
    ]

    @Test(arguments: badCases)
    func malformedValuesAreLocatedErrors(_ badCase: BadCase) {
        let marked = MarkedText("recordTypes:\n  Entry:\n    fields:\n      " + badCase.field + "\n")
        let parsed = parseYAML(marked)
        #expect(parsed.diagnostics.count == 1, "\(parsed.diagnostics.map(\.message))")
        let diagnostic = parsed.diagnostics.first
        #expect(diagnostic?.id == badCase.id)
        #expect(diagnostic?.location == marked.location(file: "schema.yaml"))
        #expect(diagnostic?.message.contains(badCase.phrase) == true, "\(diagnostic?.message ?? "")")
    }
}
