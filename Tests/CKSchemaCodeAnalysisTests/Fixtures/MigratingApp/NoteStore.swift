// An app midway through two migrations: `isFavorite` renamed to `starred`, `stars` (INT64) retyped to
// `rating` (DOUBLE). Most of its code uses the new fields; some still uses the old ones.
import CloudKit

enum NoteKey {
    static let starred = "starred"
    static let isFavorite = "isFavorite"
}

struct Note {
    var title: String
    var starred: Bool
    var rating: Double?
}

func read(_ record: CKRecord) -> Note? {
    guard record.recordType == "Note" else { return nil }
    let title = record["title"] as? String ?? ""
    let starred = record[NoteKey.starred] as? Int64 == 1
    let rating = record["rating"] as? Double
    return Note(title: title, starred: starred, rating: rating)
}

func write(_ note: Note, to record: CKRecord) {
    guard record.recordType == "Note" else { return }
    record["title"] = note.title
    record[NoteKey.starred] = note.starred ? 1 : 0
    record[NoteKey.isFavorite] = note.starred ? 1 : 0
}

func favourites() -> CKQueryOperation {
    let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "isFavorite == 1"))
    query.sortDescriptors = [NSSortDescriptor(key: "stars", ascending: false)]
    let operation = CKQueryOperation(query: query)
    operation.desiredKeys = ["title", "stars"]
    return operation
}

/// The app's own migration: it must read the old key, and says so.
func migrate(_ record: CKRecord) {
    guard record.recordType == "Note" else { return }
    // ckschema:disable-next-line code_retired_field_used
    if record["rating"] == nil, let stars = record["stars"] as? Int64 {
        record["rating"] = Double(stars)
    }
}
