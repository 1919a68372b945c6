import Foundation
import SwiftData

/// A journal entry SwiftData mirrors to the user's private CloudKit database. CloudKit needs every stored
/// property optional or given a value where it is declared (an `init` that assigns it is not enough), so
/// each property here has one.
@Model
final class AutoSyncEntry {
    var title: String = ""
    var body: String = ""
    var mood: String = "neutral"
    var createdAt: Date = Date.now
    var modifiedAt: Date = Date.now
    var isFavorite: Bool = false

    init(title: String, body: String, mood: String = "neutral") {
        self.title = title
        self.body = body
        self.mood = mood
    }
}
