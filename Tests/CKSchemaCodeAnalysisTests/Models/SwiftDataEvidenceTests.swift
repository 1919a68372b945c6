import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// Real public SwiftData apps that commit their schema export: the reader on the shape of their models
/// (rewritten fixtures), and — with the shared corpus — every attribute and to-one relationship it finds is a
/// `CD_` field of the export, and the export's other fields are exactly the ones the model no longer has.
@Suite struct SwiftDataEvidenceTests {
    private static let fixtures = SharedCorpus.repositoryRoot
        .appendingPathComponent("Tests/CKSchemaCodeAnalysisTests/Fixtures/SwiftDataEvidence")

    private func read(_ app: String) throws -> DataModelReadResult {
        try SwiftDataModelReader.read(paths: [Self.fixtures.appendingPathComponent(app).path])
    }

    private func types(_ entity: ModelEntity?) -> [String: ModelAttributeType] {
        Dictionary(uniqueKeysWithValues: (entity?.attributes ?? []).map { ($0.name, $0.type) })
    }

    @Test func moodMargins() throws {
        let result = try read("MoodMargins")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.model.entities.map(\.name) == ["MoodEntry", "Activity"])
        let entry = result.model.entity(named: "MoodEntry")
        #expect(entry?.className == "MoodSchemaV1.MoodEntry")
        #expect(types(entry) == ["id": .uuid, "date": .date, "mood": .codableValue, "note": .string, "tags": .transformable,
                                 "sleepQuality": .integer64, "energyLevel": .integer64])
        #expect(entry?.relationships.map(\.name) == ["activities"])
        let activity = result.model.entity(named: "Activity")
        #expect(types(activity) == ["id": .uuid, "title": .string, "symbol": .string])
        #expect(activity?.relationships.first?.destination == "MoodEntry", "through the type alias")
        #expect(activity?.relationships.first?.inverse == "activities")
    }

    @Test func wiggleRoom() throws {
        let result = try read("WiggleRoom")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let tracker = result.model.entity(named: "Tracker")
        #expect(types(tracker)["direction"] == .codableValue)
        #expect(types(tracker)["startingValue"] == .decimal)
        #expect(types(tracker)["hasCelebratedCompletion"] == .boolean)
        #expect(types(tracker)["startDate"] == .date, "from `Date.now`")
        #expect(tracker?.attributes.count == 16)
        #expect(tracker?.relationships.first { $0.name == "connectedSource" }?.inverse == "trackers")
        #expect(result.model.configurations.isEmpty, "a Schema alone is not a configuration")
    }

    @Test func bitcoinTracker() throws {
        let result = try read("BitcoinTracker")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let wallet = result.model.entity(named: "Wallet")
        #expect(types(wallet) == ["name": .string, "createdAt": .date, "symbolName": .string, "accentName": .string,
                                  "goalSatoshis": .integer64, "widgetID": .uuid], "private stored properties count, computed ones not")
        #expect(wallet?.attributes.first { $0.name == "name" }.map { !$0.isOptional && !$0.hasDefault } == true)
        let addresses = try #require(wallet?.relationships.first)
        #expect(addresses.isToMany && !addresses.isOptional && addresses.deleteRule == .cascade)
        #expect(addresses.inverse == nil, "no inverse is written on either side")
    }

    /// `CD_` fields of the export's record type for `entity` that are neither system-made (`CD_entityName`,
    /// `CD_moveReceipt`, `_ckAsset` companions) nor predicted by the model.
    private func compare(_ entity: ModelEntity, with schema: Schema) throws -> (missing: [String], stale: [String]) {
        let recordType = try #require(schema.recordType(named: "CD_\(entity.name)"))
        let predicted = entity.attributes.map { "CD_\($0.name)" }
            + entity.relationships.filter { !$0.isToMany }.map { "CD_\($0.name)" }
        let exported = recordType.fields.map(\.name).filter {
            $0.hasPrefix("CD_") && !$0.hasSuffix("_ckAsset") && $0 != "CD_entityName" && $0 != "CD_moveReceipt"
        }
        return (predicted.filter { !exported.contains($0) }.sorted(), exported.filter { !predicted.contains($0) }.sorted())
    }

    private func export(_ name: String) throws -> Schema {
        let file = try SharedCorpus.require("ckdb").appendingPathComponent(name)
        return try SchemaLoader.loadOne(paths: [file.path]).schema
    }

    /// Apps whose export holds exactly the fields their models predict.
    @Test(.sharedCorpus("ckdb"), arguments: [
        ("MoodMargins", "gomez1112__MoodMargins__CloudKitSchema.ckdb"),
        ("BitcoinTracker", "iosipratama__bitcoin-tracker-ios__CloudKitSchema.ckdb"),
    ])
    func theExportHoldsExactlyThePredictedFields(app: String, exportFile: String) throws {
        let schema = try export(exportFile)
        for entity in try read(app).model.entities {
            let comparison = try compare(entity, with: schema)
            #expect(comparison.missing.isEmpty && comparison.stale.isEmpty, "\(entity.name): \(comparison)")
        }
    }

    @Test(.sharedCorpus("ckdb"))
    func wiggleRoomAgainstItsExport() throws {
        let schema = try export("martinkearn__wiggle-room__cloudkit_schema.ckdb")
        let model = try read("WiggleRoom").model
        var stale: [String] = []
        for entity in model.entities {
            let comparison = try compare(entity, with: schema)
            #expect(comparison.missing.isEmpty, "\(entity.name) predicts fields the export lacks: \(comparison.missing)")
            stale += comparison.stale.map { "\(entity.name).\($0)" }
        }
        // Properties the app removed after the export was made: their fields stay in CloudKit.
        #expect(stale == ["Tracker.CD_isZoomed", "Tracker.CD_reminderCadenceDays", "Tracker.CD_typeRawValue",
                          "ConnectedSource.CD_credentialKeychainKey"])
    }
}
