import CloudKit

/// Record types and keys, written once. check-code reads these constants wherever they are used.
enum Schema {
    enum RecordType {
        static let entry = "JournalEntry"
        static let image = "EntryImage"
        static let published = "PublishedEntry"
    }

    enum Entry {
        static let title = "title"
        static let mood = "mood"
        static let createdAt = "createdAt"
        static let modifiedAt = "modifiedAt"
        static let place = "place"
    }
}

/// Keys of EntryImage as an enum; the raw value is the CloudKit key.
enum ImageKey: String {
    case entry
    case imageAsset
    case caption
    case sortOrder
}

extension CKRecord {
    /// `record[.caption]` for images.
    subscript(key: ImageKey) -> CKRecordValue? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}
