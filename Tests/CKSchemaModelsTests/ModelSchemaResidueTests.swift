import CKSchemaCore
import CKSchemaModels
import CKSchemaTestSupport
import Testing

/// What a container holds beyond its models (`ModelSchemaResidue`), and the project schema that puts the two
/// back together (`ModelSchemaUnion`): adopting an app and reading the project back gives what production holds.
@Suite("What an environment holds that the models do not make")
struct ModelSchemaResidueTests {
    /// `@Model final class Trip { var name: String?; var start: Date? }`: CD_Trip and Users.
    static let models = SchemaDeriver.derive(DataModel(entities: [
        ModelEntity(name: "Trip", source: .coreData, attributes: [
            ModelAttribute(name: "name", type: .string, declaredType: "String", isOptional: true),
            ModelAttribute(name: "start", type: .date, declaredType: "Date", isOptional: true),
        ]),
    ], configurations: [ModelConfiguration(cloudKit: .automatic)]))

    /// Production of an app with those models: a hand-written `Backup` with a custom role, `Users` and
    /// `CD_Trip` with the Console's record-name index, and `CD_rating` left by a removed attribute.
    static let production = """
        DEFINE SCHEMA
            CREATE ROLE Archivist;
            RECORD TYPE Backup (
                archive ASSET, takenAt TIMESTAMP QUERYABLE SORTABLE, "___recordID" REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "Archivist"
            );
            RECORD TYPE CD_Trip (
                CD_entityName STRING QUERYABLE SEARCHABLE SORTABLE, CD_moveReceipt BYTES QUERYABLE SORTABLE,
                CD_moveReceipt_ckAsset ASSET, CD_name STRING QUERYABLE SEARCHABLE SORTABLE, CD_name_ckAsset ASSET,
                CD_rating INT64 QUERYABLE SORTABLE, CD_start TIMESTAMP QUERYABLE SORTABLE,
                "___recordID" REFERENCE QUERYABLE,
                GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
            );
            RECORD TYPE Users (
                roles LIST<INT64>, "___recordID" REFERENCE QUERYABLE, GRANT WRITE TO "_creator", GRANT READ TO "_world"
            );
        """

    /// The schema as CloudKit compares it: no metadata, no order, each grant once.
    static func comparable(_ schema: Schema) -> Schema {
        var copy = schema.cloudKitOnly().canonicalized()
        for index in copy.recordTypes.indices {
            copy.recordTypes[index].grants = Set(copy.recordTypes[index].grants).sorted {
                ($0.role, $0.permissions.rawValue) < ($1.role, $1.permissions.rawValue)
            }
        }
        return copy
    }

    static func union(_ residue: ModelSchemaResidue, _ models: ParsedSchema) -> ParsedSchema {
        ModelSchemaUnion.union(written: ParsedSchema(schema: residue.schema, sourceMap: SourceMap(), diagnostics: [],
                                                     sources: [], language: .yaml), models: models)
    }

    @Test func theResidueIsTheOtherTypesTheDifferingUsersAndOnlyWhatProductionAddsToTheModelsTypes() throws {
        let production = parseCKDB(Self.production)
        #expect(production.diagnostics.isEmpty)
        let residue = ModelSchemaResidue(environment: production.schema, models: Self.models.schema)
        #expect(residue.schema.roles == [Role(name: "Archivist")])
        #expect(residue.schema.recordTypes.map(\.name) == ["Backup", "CD_Trip", "Users"])
        #expect(residue.schema.recordType(named: "Backup") == production.schema.recordType(named: "Backup"))
        #expect(residue.schema.recordType(named: "Users") == production.schema.recordType(named: "Users"),
                "a hand-written Users replaces the models' whole")
        #expect(residue.extensions == ["CD_Trip"])
        let trip = try #require(residue.schema.recordType(named: "CD_Trip"))
        #expect(trip.fields == [Field(name: "CD_rating", type: .int64, indexes: [.queryable, .sortable])])
        #expect(trip.systemFieldIndexes == [.recordID: .queryable])
        #expect(trip.grants.isEmpty && trip.metadata == RecordTypeMetadata())
        #expect(residue.typeConflicts.isEmpty)

        let project = Self.union(residue, Self.models)
        #expect(project.diagnostics.isEmpty)
        #expect(Self.comparable(project.schema) == Self.comparable(production.schema))
    }

    @Test func anEnvironmentThatIsExactlyTheModelsLeavesNothingToWrite() {
        let residue = ModelSchemaResidue(environment: Self.models.schema, models: Self.models.schema)
        #expect(residue.schema == Schema())
        #expect(residue.extensions.isEmpty && residue.typeConflicts.isEmpty)
    }

    @Test func usersWithTheModelsGrantsInAnotherOrderIsNotResidue() {
        let production = parseCKDB("""
            DEFINE SCHEMA
                RECORD TYPE Users (roles LIST<INT64>, GRANT READ TO "_world", GRANT WRITE TO "_creator");
            """)
        #expect(ModelSchemaResidue(environment: production.schema, models: Self.models.schema).schema == Schema())
    }

    @Test func aFieldWhoseTypeTheModelsChangeIsAConflictNotResidue() {
        let production = parseCKDB("""
            DEFINE SCHEMA
                RECORD TYPE CD_Trip (CD_start STRING QUERYABLE SEARCHABLE SORTABLE, CD_name STRING SEARCHABLE);
            """)
        let residue = ModelSchemaResidue(environment: production.schema, models: Self.models.schema)
        #expect(residue.typeConflicts == [.init(recordType: "CD_Trip", field: "CD_start", environmentType: .string,
                                                 modelsType: .timestamp)])
        #expect(residue.schema.recordTypes.isEmpty, "CD_name's SEARCHABLE is one the models make; CD_start is not residue")
    }

    @Test func anIndexTheModelsDoNotMakeOnAFieldTheyMakeIsWrittenWithTheField() throws {
        let production = parseCKDB("DEFINE SCHEMA\n    RECORD TYPE CDMR (CD_entityNames STRING QUERYABLE SEARCHABLE SORTABLE);\n")
        let models = ParsedSchema(schema: Schema(recordTypes: [
            RecordType(name: "CDMR", fields: [Field(name: "CD_entityNames", type: .string, indexes: .queryable)]),
        ]), sourceMap: SourceMap(), diagnostics: [], sources: [], language: .ckdb)
        let residue = ModelSchemaResidue(environment: production.schema, models: models.schema)
        #expect(residue.schema.recordType(named: "CDMR")?.fields
                == [Field(name: "CD_entityNames", type: .string, indexes: [.queryable, .searchable, .sortable])])
        #expect(Self.comparable(Self.union(residue, models).schema) == Self.comparable(production.schema))
    }

    /// Any environment, and models that make any part of it: writing the residue beside the models gives the
    /// environment back.
    @Test(arguments: 1...60 as ClosedRange<UInt64>) func residueBesideTheModelsIsTheEnvironment(seed: UInt64) {
        let environment = RandomSchemaGenerator.schema(seed: seed)
        var random = SeededRandomNumberGenerator(seed: seed)
        let made = environment.recordTypes.filter { _ in Bool.random(using: &random) }.map { held in
            var type = held
            type.fields = held.fields.filter { _ in Bool.random(using: &random) }.map { field in
                var field = field
                field.indexes = field.indexes.intersection(FieldIndexes(rawValue: .random(in: 0...7, using: &random)))
                return field
            }
            for systemField in SystemField.allCases where Bool.random(using: &random) {
                type.setIndexes([], on: systemField)
            }
            type.grants = held.grants.filter { _ in Bool.random(using: &random) }
            return type
        }
        let models = ParsedSchema(schema: Schema(recordTypes: made), sourceMap: SourceMap(), diagnostics: [], sources: [],
                                  language: .ckdb)
        let residue = ModelSchemaResidue(environment: environment, models: models.schema)
        #expect(residue.typeConflicts.isEmpty)
        let project = Self.union(residue, models)
        #expect(project.diagnostics.isEmpty)
        #expect(Self.comparable(project.schema) == Self.comparable(environment), "seed \(seed)")
    }
}

/// The schema files of a project extending the record types its models make.
@Suite("The models' schema with the schema files beside them")
struct ModelSchemaUnionTests {
    static func written(_ yaml: MarkedText) -> ParsedSchema { parseYAML(yaml, path: "schemas/Trip.yaml") }

    @Test func aTypeTheSchemaFilesAlsoDeclareIsExtendedNotReplaced() throws {
        let union = ModelSchemaUnion.union(written: Self.written(MarkedText("""
            recordTypes:
              CD_Trip:
                doc: The trips.
                fields: { CD_rating: int64, CD_name: { type: string, doc: The name. } }
                systemFields: { recordID: [queryable], modTime: [sortable] }
                grants: { Moderator: [read] }
            """)), models: ModelSchemaResidueTests.models)
        #expect(union.diagnostics.isEmpty)
        let trip = try #require(union.schema.recordType(named: "CD_Trip"))
        let made = try #require(ModelSchemaResidueTests.models.schema.recordType(named: "CD_Trip"))
        #expect(trip.fields.map(\.name) == ["CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset", "CD_name",
                                            "CD_name_ckAsset", "CD_rating", "CD_start"])
        #expect(trip.field(named: "CD_name")?.indexes == [.queryable, .searchable, .sortable],
                "the models' indexes stay when the schema files name the field")
        #expect(trip.field(named: "CD_name")?.metadata.documentation == "The name.")
        #expect(trip.metadata.documentation == "The trips.")
        #expect(trip.systemFieldIndexes == [.recordID: .queryable, .modTime: .sortable])
        #expect(trip.grants == made.grants + [Grant(.read, to: "Moderator")])
    }

    @Test func aFieldTheModelsMakeWithAnotherTypeIsALocatedConflict() throws {
        let text = MarkedText("recordTypes:\n  CD_Trip:\n    fields: { CD_start: 1️⃣string }\n")
        let union = ModelSchemaUnion.union(written: Self.written(text), models: ModelSchemaResidueTests.models)
        let conflict = try #require(union.diagnostics.first)
        #expect(union.diagnostics.count == 1)
        #expect(conflict.id == .schemaConflict && conflict.severity == .error)
        #expect(conflict.message.hasPrefix("field 'CD_start' of record type 'CD_Trip' is STRING in the schema files, and "
            + "the models make it TIMESTAMP"))
        #expect(conflict.location == text.location("1️⃣", file: "schemas/Trip.yaml"))
        #expect(union.schema.recordType(named: "CD_Trip")?.field(named: "CD_start")?.type == .timestamp,
                "the models say what the app writes")
    }

    @Test func aHandWrittenUsersReplacesTheModels() {
        let users = Self.written(MarkedText("recordTypes:\n  Users:\n    fields: { nickname: string }\n"))
        let union = ModelSchemaUnion.union(written: users, models: ModelSchemaResidueTests.models)
        #expect(union.diagnostics.isEmpty)
        #expect(union.schema.recordType(named: "Users")?.fields.map(\.name) == ["nickname"])
    }
}
