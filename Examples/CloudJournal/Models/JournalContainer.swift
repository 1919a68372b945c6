import SwiftData

/// The app's one container with two stores: the synced entries (mirrored to CloudKit) and the cache of
/// records fetched by hand (never mirrored, so its unique constraints are allowed).
enum JournalContainer {
    static func make() throws -> ModelContainer {
        let synced = ModelConfiguration("Synced", schema: Schema([AutoSyncEntry.self]),
                                        cloudKitDatabase: .private("iCloud.com.example.CloudJournal"))
        let cache = ModelConfiguration("Cache", schema: Schema([CachedEntry.self, CachedCategory.self]),
                                       cloudKitDatabase: .none)
        return try ModelContainer(for: AutoSyncEntry.self, CachedEntry.self, CachedCategory.self,
                                  configurations: synced, cache)
    }
}
