import SwiftData

/// The device's copy of a category, in the local-only "Cache" store beside `CachedEntry`.
@Model
final class CachedCategory {
    @Attribute(.unique) var recordName: String
    var name: String
    var colorHex: String = "#007AFF"
    var icon: String = "folder"
    var sortOrder: Int = 0
    var isDirty: Bool = false

    init(recordName: String, name: String) {
        self.recordName = recordName
        self.name = name
    }
}
