import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// Which attributes get a `CD_<name>_ckAsset` companion, against real exports in the shared corpus: every value
/// stored as BYTES can outgrow its record, so each one has a companion, as strings and URIs do (docs/models.md,
/// "Which values get a `_ckAsset` companion").
@Suite("Asset companions against real exports")
struct AssetCompanionEvidenceTests {
    /// gomez1112/MoodMargins' models as the SwiftData reader gives them (the fixture
    /// `SwiftDataEvidence/MoodMargins` of the code analysis tests): an Int-backed Codable enum and a string array
    /// beside strings, a UUID, numbers and a date.
    static let moodMargins = DataModel(entities: [
        ModelEntity(name: "MoodEntry", source: .swiftData, attributes: [
            ModelAttribute(name: "id", type: .uuid, hasDefault: true),
            ModelAttribute(name: "date", type: .date, hasDefault: true),
            ModelAttribute(name: "mood", type: .codableValue, declaredType: "Mood", hasDefault: true),
            ModelAttribute(name: "note", type: .string, hasDefault: true),
            ModelAttribute(name: "tags", type: .transformable, declaredType: "[String]", hasDefault: true),
            ModelAttribute(name: "sleepQuality", type: .integer64, hasDefault: true),
            ModelAttribute(name: "energyLevel", type: .integer64, hasDefault: true),
        ], relationships: [
            ModelRelationship(name: "activities", destination: "Activity", isToMany: true, inverse: "moodEntry"),
        ]),
        ModelEntity(name: "Activity", source: .swiftData, attributes: [
            ModelAttribute(name: "id", type: .uuid, hasDefault: true),
            ModelAttribute(name: "title", type: .string, hasDefault: true),
            ModelAttribute(name: "symbol", type: .string, hasDefault: true),
        ], relationships: [
            ModelRelationship(name: "moodEntry", destination: "MoodEntry", isToMany: false, inverse: "activities"),
        ]),
    ])

    /// The `_ckAsset` fields of each `CD_` record type, move receipt aside (the export never shared a record).
    private func companions(_ schema: Schema) -> [String] {
        schema.recordTypes.filter { $0.name.hasPrefix("CD_") }.flatMap { type in
            type.fields.map(\.name).filter { $0.hasSuffix("_ckAsset") && $0 != CloudKitFieldMapping.moveReceiptAsset }
                .map { "\(type.name).\($0)" }
        }.sorted()
    }

    @Test(.sharedCorpus("ckdb"))
    func anArchivedEnumAndAStringArrayHaveTheCompanionsTheExportHolds() throws {
        let file = try SharedCorpus.require("ckdb").appendingPathComponent("gomez1112__MoodMargins__CloudKitSchema.ckdb")
        let export = try SchemaLoader.loadOne(paths: [file.path]).schema
        let derived = SchemaDeriver.derive(Self.moodMargins).schema
        #expect(companions(export).contains("CD_MoodEntry.CD_mood_ckAsset"), "the export shows the enum's companion")
        // Exactly the export's: none for the UUIDs, numbers, date or the to-one relationship.
        #expect(companions(derived) == companions(export))
    }
}
