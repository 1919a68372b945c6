import Foundation
import SwiftData

/// The device's copy of an entry fetched with CKRecord code. It lives in the local-only "Cache" store
/// (`JournalContainer`), so its unique record name is fine: CloudKit never sees this model.
@Model
final class CachedEntry {
    @Attribute(.unique) var recordName: String
    var title: String
    var body: String
    var mood: String
    var createdAt: Date
    var modifiedAt: Date
    var isFavorite: Bool = false
    var categoryRecordName: String?
    /// Changed here and not yet saved to CloudKit.
    var isDirty: Bool = false
    /// Deleted here and not yet deleted in CloudKit.
    var isPendingDeletion: Bool = false

    init(recordName: String, title: String, body: String, mood: String, createdAt: Date, modifiedAt: Date) {
        self.recordName = recordName
        self.title = title
        self.body = body
        self.mood = mood
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }
}
