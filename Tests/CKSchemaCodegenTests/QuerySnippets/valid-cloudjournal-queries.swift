// expect: compiles
import CloudJournalModels
import Foundation

// The queries of docs/generators.md, and every kind of condition the example's indexes allow.
func cloudJournalQueries(mood: JournalEntry.Mood, entry: JournalEntry, since start: Date) -> [Any] {
    // Entries in one mood, newest first, without their bodies.
    let byMood = JournalEntry.query { $0.mood == mood }
        .sorted { $0.modifiedAt.descending }
        .fetching([.title, .mood, .createdAt])
    // Favourites.
    let favourites = JournalEntry.query { $0.isFavorite == true }.sorted { $0.modifiedAt.descending }
    // An entry's images, in order.
    let images = EntryImage.query { $0.entry == entry.recordID }.sorted { $0.sortOrder.ascending }

    let others: [Any] = [
        JournalEntry.query { $0.title.beginsWith("Tr") && $0.createdAt >= start },
        JournalEntry.query { $0.mood.isIn([.happy, .excited]) && $0.mood != .sad },
        JournalEntry.query { $0.text(containsAllOf: "beach sunset") },
        JournalEntry.query { $0.text(containsAnyOf: "beach") && $0.tags.contains("travel") },
        JournalEntry.query { $0.tags.containsAny(of: ["travel", "food"]) },
        JournalEntry.query { $0.category == Category.ID(recordName: "work") },
        JournalEntry.query { $0.recordID.isIn([entry.recordID]) && $0.creationDate > start }
            .sorted { $0.creationDate.ascending }.sorted { $0.modificationDate.descending },
        JournalEntry.allRecords().sorted { $0.createdAt.descending },
        Category.query { $0.name >= "M" }.sorted { $0.sortOrder.ascending }.sorted { $0.name.ascending },
        PublishedEntry.query { $0.isHidden == false && $0.text(containsAnyOf: "hello") }
            .sorted { $0.publishedAt.descending },
        PublishedEntry.query { $0.creatorUserRecordID == Users.ID(recordName: "_abc") },
        Users.allRecords(),
    ]
    return [byMood, favourites, images] + others
}
