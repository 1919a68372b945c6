// The shape of gomez1112/MoodMargins' models (public repository; its CloudKitSchema.ckdb is in the shared
// corpus), reduced to what the reader sees: an entry nested in a VersionedSchema and named through a type
// alias, a top-level model pointing back at it, an Int-backed Codable enum, a string array.
import Foundation
import SwiftData

typealias MoodEntry = MoodSchemaV1.MoodEntry

enum MoodSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [MoodEntry.self, Activity.self]

    @Model
    final class MoodEntry {
        var id = UUID()
        var date = Date()
        var mood: Mood = Mood.low
        var note = ""
        var tags: [String] = []
        @Relationship(deleteRule: .cascade, inverse: \Activity.moodEntry)
        var activities: [Activity]? = []
        var sleepQuality: Int = 0
        var energyLevel: Int = 0
        var sleepShare: Double { Double(sleepQuality) / 5 }
        init() {}
    }
}

@Model
final class Activity {
    var id = UUID()
    var title = ""
    var symbol = ""
    var moodEntry: MoodEntry?
    init() {}
}

enum Mood: Int, Codable, CaseIterable {
    case low = 1, middle, high
}

enum Plan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MoodSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}
