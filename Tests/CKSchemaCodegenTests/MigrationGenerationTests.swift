import CKSchemaCodegen
import CKSchemaCore
import Testing

/// The Swift generator's side of field migrations: what a model whose field replaced another reads and writes,
/// and the migrations it refuses with a located error.
@Suite struct MigrationGenerationTests {
    static func generate(_ fields: [Field]) -> GenerationResult {
        SwiftGenerator(options: SwiftGeneratorOptions(layout: .singleFile(name: "Models.swift")))
            .generate(GeneratorInput(schema: Schema(recordTypes: [RecordType(name: "Note", fields: fields)]),
                                     schemaPath: "s.yaml"))
    }

    static func replacing(_ name: String, _ type: FieldType, from old: String, _ oldType: FieldType? = nil,
                          logicalType: LogicalType? = nil, dualWrite: Bool = false, lossy: Bool = false) -> Field {
        Field(name: name, type: type, metadata: FieldMetadata(logicalType: logicalType, migration: FieldMigration(
            kind: oldType == nil ? .rename : .retype, oldField: old, oldType: oldType, dualWrite: dualWrite, lossy: lossy)))
    }

    /// The one error `fields` generate (nothing is generated), with `id`, about field `rating`.
    static func refusal(_ fields: [Field], _ id: String, key: String? = nil) throws -> String {
        let result = generate(fields)
        #expect(result.files.isEmpty)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.id.rawValue == id && error.severity == .error)
        #expect(error.subject == key.map { .fieldKey("Note", "rating", $0) } ?? .field("Note", "rating"))
        return error.message
    }

    @Test func theRetiredFieldHasNoPropertyAndTheNewOneReadsIt() throws {
        let result = Self.generate([
            Field(name: "stars", type: .int64, indexes: [.queryable]),
            Self.replacing("rating", .double, from: "stars", .int64, dualWrite: true, lossy: true),
        ])
        #expect(result.diagnostics.isEmpty)
        let text = try #require(result.files.first?.contents)
        #expect(text.contains("var rating: Double? { didSet { cloudKitChanges.mark(\"rating\") } }"))
        #expect(!text.contains("var stars: Int64"))
        #expect(text.contains("        case stars\n        case rating\n"))                  // for desiredKeys
        #expect(text.contains("""
            self.rating = try reader.double("rating") ?? reader.migrated("rating", reader.int64("stars").flatMap(CloudKitSchema.Migration.integerToDouble))
            """))
        #expect(text.contains("var reader = try CloudKitSchema.RecordReader(record, recordType: Self.recordType)"))
        #expect(text.contains("""
            writer.alongside("rating", hasValue: self.rating != nil, writing: "stars").set("stars", self.rating.flatMap(CloudKitSchema.Migration.doubleToInteger))
            """))
        #expect(text.contains("static let cloudKitMigratedKeys: [FieldKey: FieldKey] = [.rating: .stars]"))
        #expect(text.contains("CloudKitSchema.migratedVersions(ancestor: ancestor, server: server, client: client"))
        // The merge sees one field.
        #expect(text.contains("merger.serverWins(\\.rating, \"rating\", into: &merged)") && !text.contains("\\.stars"))
    }

    @Test func aSchemaWithoutMigrationsGetsNoMigrationSupport() throws {
        let text = try #require(Self.generate([Field(name: "title", type: .string)]).files.first?.contents)
        #expect(!text.contains("enum Migration") && !text.contains("migratedVersions") && !text.contains("func alongside"))
        #expect(text.contains("let reader = try CloudKitSchema.RecordReader"))
    }

    @Test func invalidMigrationsAreRefusedAsLintRefusesThem() throws {
        // The generator reports MigrationCheck's problems (for a schema that skipped linting) and generates nothing.
        #expect(try Self.refusal([Field(name: "stars", type: .int64), Self.replacing("rating", .double, from: "stars", .int64)],
                                 "migration_loss_declared").contains("add 'lossy: true' to accept it"))
        #expect(try Self.refusal([Field(name: "tag", type: .string),
                                  Self.replacing("rating", .list(.string), from: "tag", .string, dualWrite: true)],
                                 "migration_loss_declared").contains("(dualWrite)"))
        #expect(Self.generate([Field(name: "tag", type: .string), Self.replacing("rating", .list(.string), from: "tag", .string)])
            .diagnostics.isEmpty)
        _ = try Self.refusal([Field(name: "stars", type: .bytes), Self.replacing("rating", .double, from: "stars", .bytes)],
                             "migration_conversion_exists")
        _ = try Self.refusal([Self.replacing("rating", .double, from: "stars", .int64)], "migration_source_declared")
        _ = try Self.refusal([Field(name: "stars", type: .string), Self.replacing("rating", .double, from: "stars")],
                             "migration_kind_fits_types")
    }

    @Test func aConvertedValueCannotBecomeABoolOrAnEnum() throws {
        #expect(try Self.refusal([Field(name: "stars", type: .string),
                                  Self.replacing("rating", .int64, from: "stars", .string, logicalType: .bool)],
                                 "codegen_unsupported_migration", key: "replaces")
            .contains("converted values cannot become 'bool' values"))
        #expect(try Self.refusal([Field(name: "stars", type: .int64),
                                  Self.replacing("rating", .int64, from: "stars", logicalType: .bool)],
                                 "codegen_unsupported_migration", key: "renamedFrom")
            .hasSuffix("its values are 'int64' in Swift and this field's are 'bool'"))
    }
}
