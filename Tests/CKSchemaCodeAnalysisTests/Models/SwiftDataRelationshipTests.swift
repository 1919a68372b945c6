import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import Testing

/// Relationships (inverse on either side, delete rules, counts) and models nested in `VersionedSchema`s.
@Suite struct SwiftDataRelationshipTests {
    @Test func inverseDeclaredOnTheToManySideFillsBothSides() throws {
        let result = readModels("""
            @Model final class Person {
                @Relationship(deleteRule: .cascade, inverse: \\Trip.owner, minimumModelCount: 0, maximumModelCount: 5)
                var trips: [Trip]? = []
                var pets: [Pet] = []
            }
            @Model final class Trip {
                var owner: Person?
            }
            @Model final class Pet { var owner: Person? }
            """)
        let trips = try #require(result.model.entity(named: "Person")?.relationships.first { $0.name == "trips" })
        #expect(trips.destination == "Trip")
        #expect(trips.isToMany && trips.isOptional)
        #expect(trips.deleteRule == .cascade)
        #expect(trips.inverse == "owner")
        #expect(trips.minCount == 0 && trips.maxCount == 5)
        #expect(trips.declaredType == "[Trip]?")
        let owner = try #require(result.model.entity(named: "Trip")?.relationships.first)
        #expect(owner.inverse == "trips", "filled from the other side")
        #expect(!owner.isToMany && owner.isOptional)
        #expect(owner.deleteRule == .nullify)
        let pets = try #require(result.model.entity(named: "Person")?.relationships.first { $0.name == "pets" })
        #expect(!pets.isOptional, "[Pet] = [] is not optional")
        #expect(pets.inverse == nil, "no inverse declared on either side")
        #expect(result.model.entity(named: "Person")?.attributes.isEmpty == true)
    }

    @Test func inverseDeclaredOnTheToOneSideFillsBothSides() throws {
        let result = readModels("""
            @Model final class Folder { var notes: [Note]? }
            @Model final class Note {
                @Relationship(deleteRule: .deny, inverse: \\.notes) var folder: Folder?
            }
            """)
        let folder = try #require(result.model.entity(named: "Note")?.relationships.first)
        #expect(folder.inverse == "notes")
        #expect(folder.deleteRule == .deny)
        #expect(result.model.entity(named: "Folder")?.relationships.first?.inverse == "folder")
    }

    @Test func setsOfModelsAreToMany() throws {
        let result = readModels("@Model class Tag { var posts: Set<Post>? }\n@Model class Post { var tags: [Tag]? }\n")
        #expect(result.model.entity(named: "Tag")?.relationships.first?.isToMany == true)
        #expect(result.model.entity(named: "Tag")?.relationships.first?.destination == "Post")
    }

    private let versioned = [
        "Schemas.swift": """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self, Old.self] }
                @Model final class Trip { var name = "" }
                @Model final class Old { var x = 0 }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip {
                    var name = ""
                    var stops: [Stop]? = []
                }
            }
            extension SchemaV2 {
                @Model final class Stop { var trip: Trip? }
            }
            """,
    ]

    @Test func theCurrentSchemaNamedByATypeAliasWins() throws {
        var files = versioned
        files["Current.swift"] = "typealias Trip = SchemaV2.Trip\n"
        let result = readModels(files)
        #expect(result.model.entities.map(\.name) == ["Trip", "Stop"], "SchemaV1's models are not in the container")
        let trip = try #require(result.model.entity(named: "Trip"))
        #expect(trip.className == "SchemaV2.Trip")
        #expect(trip.enclosingTypes == ["SchemaV2"])
        #expect(trip.relationships.first?.destination == "Stop")
        #expect(result.model.entity(named: "Stop")?.relationships.first?.destination == "Trip")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func theCurrentSchemaNamedByTheContainerWins() throws {
        var files = versioned
        files["App.swift"] = """
            let container = try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), migrationPlan: Plan.self)
            """
        let result = readModels(files)
        #expect(result.model.entity(named: "Trip")?.className == "SchemaV1.Trip")
        #expect(result.model.entity(named: "Old") != nil)
        #expect(result.model.configurations.first?.entities == ["Trip", "Old"])
    }

    @Test func theMigrationPlansLastSchemaIsCurrent() throws {
        var files = versioned
        files["Plan.swift"] = """
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] { [] }
            }
            """
        let result = readModels(files)
        #expect(result.model.entity(named: "Trip")?.className == "SchemaV2.Trip")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anUndeterminedVersionIsReportedAndTheHighestRead() throws {
        let result = readModels(versioned)
        #expect(result.model.entity(named: "Trip")?.className == "SchemaV2.Trip")
        let warning = try #require(result.diagnostics.first { $0.id == ModelReadDiagnostics.versionAmbiguous.rawValue })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("'SchemaV1'") && warning.message.contains("'SchemaV2'"))
        #expect(warning.location?.line == 10)
    }
}
