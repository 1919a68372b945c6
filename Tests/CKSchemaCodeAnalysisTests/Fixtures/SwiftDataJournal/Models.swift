// The CloudJournal models before correction: the synced entry has non-optional properties without a value
// where they are declared, and the cache models (with unique record names) share the default container,
// which mirrors every model once the app has the iCloud capability.
import Foundation
import SwiftData

@Model
class AutoSyncEntry {
    var title: String
    var body: String
    var mood: String
    var createdAt: Date
    var modifiedAt: Date
    var isFavorite: Bool

    init(title: String, body: String, mood: String = "neutral") {
        self.title = title
        self.body = body
        self.mood = mood
        self.createdAt = Date()
        self.modifiedAt = Date()
        self.isFavorite = false
    }
}

@Model
class CachedCategory {
    @Attribute(.unique) var recordName: String
    var name: String
    var sortOrder: Int

    init(recordName: String, name: String, sortOrder: Int = 0) {
        self.recordName = recordName
        self.name = name
        self.sortOrder = sortOrder
    }
}

let container = try ModelContainer(for: AutoSyncEntry.self, CachedCategory.self)
