import CKSchemaCore
import CKSchemaValidation
import Testing

/// `record_migration_mismatch`: a record holding both a retired field and the field that replaced it must hold
/// the same value in both, after the declared conversion; one of the two alone, or both agreeing, is fine.
@Suite struct MigrationAgreementTests {
    private static func migrated(_ name: String, _ type: FieldType, from old: String, _ kind: FieldMigration.Kind = .retype,
                                 oldType: FieldType? = nil, lossy: Bool = false) -> Field {
        Field(name: name, type: type, metadata: FieldMetadata(migration: FieldMigration(
            kind: kind, oldField: old, oldType: kind == .retype ? oldType : nil, lossy: lossy)))
    }

    /// `isFavorite` renamed to `starred`; `stars` (INT64) retyped to `rating` (DOUBLE); `count` (STRING) to
    /// `total` (INT64); `taken` (TIMESTAMP) to `takenAt` (DOUBLE seconds); `owner` (REFERENCE) to `ownerName`;
    /// `tag` (STRING) to `tags` (LIST<STRING>); `big` (INT64) to `bigDouble` and `weight` (DOUBLE) to `grams`
    /// (INT64), both lossy.
    static let schema = Schema(recordTypes: [
        RecordType(name: "Note", fields: [
            Field(name: "isFavorite", type: .int64),
            migrated("starred", .int64, from: "isFavorite", .rename),
            Field(name: "stars", type: .int64),
            migrated("rating", .double, from: "stars", oldType: .int64),
            Field(name: "count", type: .string),
            migrated("total", .int64, from: "count", oldType: .string),
            Field(name: "taken", type: .timestamp),
            migrated("takenAt", .double, from: "taken", oldType: .timestamp),
            Field(name: "owner", type: .reference),
            migrated("ownerName", .string, from: "owner", oldType: .reference),
            Field(name: "tag", type: .string),
            migrated("tags", .list(.string), from: "tag", oldType: .string),
            Field(name: "big", type: .int64),
            migrated("bigDouble", .double, from: "big", oldType: .int64, lossy: true),
            Field(name: "weight", type: .double),
            migrated("grams", .int64, from: "weight", oldType: .double, lossy: true),
        ]),
    ])

    private func record(_ fields: String) -> String {
        #"{"recordName":"n1","recordType":"Note","fields":{"# + fields + "}}"
    }

    private func findings(_ fields: String) -> [Diagnostic] {
        RecordValidator(schema: Self.schema, options: ValidationOptions(parallelism: 1))
            .validate(text: record(fields), name: "records.json").diagnostics
    }

    @Test(arguments: [
        #""isFavorite":{"value":1},"starred":{"value":1}"#,
        #""stars":{"value":4},"rating":{"value":4.0}"#,
        #""count":{"value":"12"},"total":{"value":12}"#,
        #""taken":{"value":1700000000123},"takenAt":{"value":1700000000.123}"#,
        #""owner":{"value":{"recordName":"u7","action":"NONE"}},"ownerName":{"value":"u7"}"#,
        #""tag":{"value":"home"},"tags":{"value":["home","work"]}"#,
        // 2^53 + 1 has no DOUBLE; the nearest one is what a lossy conversion keeps.
        #""big":{"value":9007199254740993},"bigDouble":{"value":9007199254740992}"#,
        // A DOUBLE loses its fraction: either rounding agrees.
        #""weight":{"value":2.7},"grams":{"value":3}"#,
        #""weight":{"value":2.7},"grams":{"value":2}"#,
        #""isFavorite":{"value":1}"#,
        #""starred":{"value":0}"#,
        #""stars":{"value":4},"rating":{"value":null}"#,
    ])
    func agreeingOrLoneValuesAreFine(fields: String) {
        #expect(findings(fields).isEmpty, "\(findings(fields).map(\.message))")
    }

    @Test(arguments: [
        (#""isFavorite":{"value":0},"starred":{"value":1}"#, "starred"),
        (#""stars":{"value":4},"rating":{"value":4.5}"#, "rating"),
        (#""count":{"value":"12"},"total":{"value":13}"#, "total"),
        (#""taken":{"value":1700000000123},"takenAt":{"value":1700000001.123}"#, "takenAt"),
        (#""owner":{"value":{"recordName":"u7","action":"NONE"}},"ownerName":{"value":"u8"}"#, "ownerName"),
        (#""tag":{"value":"home"},"tags":{"value":["work","home"]}"#, "tags"),
        (#""tag":{"value":"home"},"tags":{"value":[]}"#, "tags"),
        (#""big":{"value":9007199254740993},"bigDouble":{"value":9007199254740996}"#, "bigDouble"),
        (#""weight":{"value":2.7},"grams":{"value":4}"#, "grams"),
    ])
    func disagreeingValuesAreReportedAtTheNewField(fields: String, newField: String) throws {
        let found = findings(fields)
        let finding = try #require(found.first, "no finding for \(fields)")
        #expect(found.count == 1)
        #expect(finding.id == "record_migration_mismatch" && finding.severity == .warning)
        #expect(finding.subject == .field("Note", newField))
        #expect(finding.record?.pointer.hasSuffix("/fields/\(newField)") == true)
        #expect(finding.record?.recordName == "n1")
        let column = record(fields).utf8.count - record(fields).split(separator: "\"\(newField)\":{\"value\":",
                                                                     maxSplits: 1)[1].utf8.count + 1
        #expect(finding.location == SourceLocation(file: "records.json", line: 1, column: column))
        #expect(finding.message.contains("retired field"))
    }

    @Test func anUnparsableStringSaysSo() throws {
        let found = findings(#""count":{"value":"twelve"},"total":{"value":12}"#)
        let finding = try #require(found.first)
        #expect(found.map(\.id) == ["record_migration_mismatch"])
        #expect(finding.message.contains("\"twelve\" does not read as a number"))
    }

    @Test func cktoolPayloadsAreComparedToo() {
        let options = ValidationOptions(format: .cktoolFields(recordType: "Note"), parallelism: 1)
        let validator = RecordValidator(schema: Self.schema, options: options)
        let agree = #"{"stars":{"type":"int64Type","value":3},"rating":{"type":"doubleType","value":3}}"#
        let disagree = #"{"stars":{"type":"int64Type","value":3},"rating":{"type":"doubleType","value":2.5}}"#
        #expect(validator.validate(text: agree, name: "a.json").diagnostics.isEmpty)
        #expect(validator.validate(text: disagree, name: "d.json").diagnostics.map(\.id) == ["record_migration_mismatch"])
    }

    @Test func aValueOfTheWrongTypeIsReportedOnceByItsTypeCheck() {
        let found = findings(#""isFavorite":{"value":"yes"},"starred":{"value":1}"#)
        #expect(found.map(\.id) == ["record_value_type_mismatch"])
    }
}
