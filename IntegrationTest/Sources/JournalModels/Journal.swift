import Foundation

/// Hand-written code beside the generated models: it compiles only if the build plugin generated them.
enum Journal {
    /// The newest entries first.
    static func newestFirst(_ entries: [JournalEntry]) -> [JournalEntry] {
        entries.sorted { $0.createdAt > $1.createdAt }
    }

    /// A new entry in `category`, created now.
    static func entry(titled title: String, in category: Category) -> JournalEntry {
        let now = Date()
        return JournalEntry(title: title, createdAt: now, modifiedAt: now, category: category.recordID)
    }
}
