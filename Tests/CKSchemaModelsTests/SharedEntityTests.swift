import CKSchemaCore
import CKSchemaModels
import Testing

/// One entity declared by both stacks — a SwiftData `@Model` class and its Core Data backport for older systems,
/// in one container — is one record type when the two agree, and a located error only where they conflict.
@Suite("An entity declared by SwiftData and Core Data")
struct SharedEntityTests {
    static func at(_ file: String, _ line: Int) -> CKSchemaCore.SourceLocation { SourceLocation(file: file, line: line, column: 5) }

    /// `@Model final class Trip { var name = ""; var start: Date? }` plus `extra`, in Trip.swift.
    static func swiftDataTrip(_ extra: [ModelAttribute] = []) -> ModelEntity {
        ModelEntity(name: "Trip", source: .swiftData, attributes: [
            ModelAttribute(name: "name", type: .string, declaredType: "String", hasDefault: true, location: at("Trip.swift", 4)),
            ModelAttribute(name: "start", type: .date, declaredType: "Date?", isOptional: true, location: at("Trip.swift", 5)),
        ] + extra, location: at("Trip.swift", 3))
    }

    /// The Core Data entity `Trip` with `name` and `start`, plus `extra`, in the backport's `contents`.
    static func coreDataTrip(_ extra: [ModelAttribute] = []) -> ModelEntity {
        ModelEntity(name: "Trip", source: .coreData, attributes: [
            ModelAttribute(name: "name", type: .string, isOptional: true, location: at("Legacy.xcdatamodel/contents", 4)),
            ModelAttribute(name: "start", type: .date, isOptional: true, location: at("Legacy.xcdatamodel/contents", 5)),
        ] + extra, location: at("Legacy.xcdatamodel/contents", 3))
    }

    /// Both stacks mirror unless `swiftData` says otherwise; `others` are more SwiftData models of the app.
    static func app(_ swiftData: ModelEntity, _ coreData: ModelEntity, swiftDataSyncs: CloudKitMirroring = .automatic,
                    others: [ModelEntity] = []) -> DataModel {
        DataModel(entities: [swiftData] + others + [coreData], configurations: [
            ModelConfiguration(cloudKit: swiftDataSyncs, source: .swiftData),
            ModelConfiguration(name: "Cloud", cloudKit: .automatic, source: .coreData),
        ])
    }

    @Test func anAgreeingPairIsOneRecordTypeWithANoteNamingBothFiles() throws {
        let derived = SchemaDeriver.derive(Self.app(Self.swiftDataTrip(), Self.coreDataTrip()))
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.sharedEntity])
        let note = try #require(derived.diagnostics.first)
        #expect(note.severity == .note)
        #expect(note.message.contains("Trip.swift") && note.message.contains("Legacy.xcdatamodel/contents"))
        #expect(note.location == Self.at("Trip.swift", 3))
        #expect(note.notes.map(\.location) == [Self.at("Legacy.xcdatamodel/contents", 3)])
        let trip = try #require(derived.schema.recordType(named: "CD_Trip"))
        #expect(trip.fields.map(\.name) == ["CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset", "CD_name",
                                            "CD_name_ckAsset", "CD_start"])
        let located = derived.sourceMap.entries.filter { $0.path == .field("CD_Trip", "CD_start") }.map(\.location)
        #expect(located == [Self.at("Trip.swift", 5), Self.at("Legacy.xcdatamodel/contents", 5)])
    }

    @Test func fieldsOnlyOneSideDeclaresAreInTheUnionAtTheirDeclaration() throws {
        let rating = ModelAttribute(name: "rating", type: .integer64, declaredType: "Int", hasDefault: true,
                                    location: Self.at("Trip.swift", 6))
        let code = ModelAttribute(name: "legacyCode", type: .string, isOptional: true,
                                  location: Self.at("Legacy.xcdatamodel/contents", 6))
        let derived = SchemaDeriver.derive(Self.app(Self.swiftDataTrip([rating]), Self.coreDataTrip([code])))
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.sharedEntity])
        let trip = try #require(derived.schema.recordType(named: "CD_Trip"))
        #expect(trip.fields.map(\.name) == ["CD_entityName", "CD_legacyCode", "CD_legacyCode_ckAsset", "CD_moveReceipt",
                                            "CD_moveReceipt_ckAsset", "CD_name", "CD_name_ckAsset", "CD_rating", "CD_start"])
        #expect(derived.sourceMap.location(of: .field("CD_Trip", "CD_rating")) == Self.at("Trip.swift", 6))
        #expect(derived.sourceMap.location(of: .field("CD_Trip", "CD_legacyCode")) == Self.at("Legacy.xcdatamodel/contents", 6))
    }

    @Test func aFieldWithTwoCloudKitTypesIsAnErrorAndTheRestOfTheAppIsStillChecked() throws {
        let asInt = ModelAttribute(name: "rating", type: .integer64, declaredType: "Int", hasDefault: true,
                                   location: Self.at("Trip.swift", 6))
        let asString = ModelAttribute(name: "rating", type: .string, isOptional: true,
                                      location: Self.at("Legacy.xcdatamodel/contents", 6))
        let place = ModelEntity(name: "Place", source: .swiftData, attributes: [
            ModelAttribute(name: "code", type: .string, declaredType: "String", hasDefault: true, isUnique: true,
                           location: Self.at("Place.swift", 4)),
        ], uniquenessConstraints: [ModelUniquenessConstraint(properties: ["code"], location: Self.at("Place.swift", 4))],
           location: Self.at("Place.swift", 3))
        let model = Self.app(Self.swiftDataTrip([asInt]), Self.coreDataTrip([asString]), others: [place])
        let derived = SchemaDeriver.derive(model)
        let conflict = try #require(derived.diagnostics.first { $0.id == ModelReadDiagnostics.entityConflict })
        #expect(conflict.severity == .error)
        #expect(conflict.location == Self.at("Legacy.xcdatamodel/contents", 6))
        #expect(conflict.notes.map(\.location) == [Self.at("Trip.swift", 6)])
        for said in ["'Trip.rating'", "INT64", "STRING", "Trip.swift", "Legacy.xcdatamodel/contents"] {
            #expect(conflict.message.contains(said), "\(said)")
        }
        #expect(!derived.diagnostics.contains { $0.id == ModelReadDiagnostics.sharedEntity })
        #expect(derived.schema.recordType(named: "CD_Place") != nil)
        let findings = ModelRules.check(model, environment: nil, environmentName: "production").map(\.id.rawValue)
        #expect(findings.contains("model_unique_constraint"), "the other models are still judged: \(findings)")
    }

    @Test func oneSideLocalIsAnErrorAndOnlyTheSyncedSideMakesTheType() throws {
        let rating = ModelAttribute(name: "rating", type: .integer64, hasDefault: true, location: Self.at("Trip.swift", 6))
        let derived = SchemaDeriver.derive(Self.app(Self.swiftDataTrip([rating]), Self.coreDataTrip(), swiftDataSyncs: .none))
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.entityConflict])
        let conflict = try #require(derived.diagnostics.first)
        #expect(conflict.location == Self.at("Trip.swift", 3), "at the local declaration")
        #expect(conflict.notes.map(\.location) == [Self.at("Legacy.xcdatamodel/contents", 3)])
        #expect(conflict.message.contains("local") && conflict.message.contains("Legacy.xcdatamodel/contents"))
        let trip = try #require(derived.schema.recordType(named: "CD_Trip"))
        #expect(trip.field(named: "CD_rating") == nil, "the local class makes no field")
    }

    @Test func twoParentsAreAnError() throws {
        var backport = Self.coreDataTrip()
        backport.parent = "Item"
        let item = ModelEntity(name: "Item", source: .coreData, location: Self.at("Legacy.xcdatamodel/contents", 20))
        let derived = SchemaDeriver.derive(Self.app(Self.swiftDataTrip(), backport, others: [item]))
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.entityConflict])
        #expect(derived.diagnostics.first?.message.contains("the parent 'Item'") == true)
        #expect(derived.diagnostics.first?.location == Self.at("Legacy.xcdatamodel/contents", 3))
    }

    @Test func aSharedSubEntityLivesInItsRootsRecordType() throws {
        var trip = Self.swiftDataTrip(), backport = Self.coreDataTrip()
        trip.parent = "Item"
        backport.parent = "Item"
        let model = Self.app(trip, backport, others: [
            ModelEntity(name: "Item", source: .swiftData, location: Self.at("Item.swift", 3)),
            ModelEntity(name: "Item", source: .coreData, location: Self.at("Legacy.xcdatamodel/contents", 20)),
        ])
        let derived = SchemaDeriver.derive(model)
        #expect(derived.diagnostics.map(\.id) == [ModelReadDiagnostics.sharedEntity, ModelReadDiagnostics.sharedEntity])
        #expect(derived.diagnostics.allSatisfy { $0.message.contains("'CD_Item'") })
        #expect(derived.schema.recordType(named: "CD_Item")?.field(named: "CD_start") != nil)
    }

    @Test func compatibilityRulesJudgeEachStacksDeclaration() throws {
        var backport = Self.coreDataTrip()
        backport.uniquenessConstraints = [ModelUniquenessConstraint(properties: ["name"], location: Self.at("Legacy.xcdatamodel/contents", 8))]
        let findings = ModelRules.check(Self.app(Self.swiftDataTrip(), backport), environment: nil, environmentName: "production")
        let unique = try #require(findings.first { $0.id.rawValue == "model_unique_constraint" })
        #expect(unique.location?.file == "Legacy.xcdatamodel/contents", "the backport fails to load on older systems")
    }
}
