import CloudKit
import CoreLocation

/// Journal entries in the private database.
struct EntryStore {
    let database: CKDatabase

    /// A new entry, written where the user is.
    func save(title: String, mood: String, at location: CLLocation?) async throws {
        let record = CKRecord(recordType: Schema.RecordType.entry)
        let now = Date()
        record[Schema.Entry.title] = title as CKRecordValue
        record[Schema.Entry.mood] = mood as CKRecordValue
        record[Schema.Entry.createdAt] = now as CKRecordValue
        record[Schema.Entry.modifiedAt] = now as CKRecordValue
        if let location {
            record[Schema.Entry.place] = location
        }
        record.encryptedValues["body"] = "" as CKRecordValue
        _ = try await database.save(record)
    }

    /// The latest entries in one mood, newest first, without their bodies.
    func entries(inMood mood: String) async throws -> [CKRecord] {
        let predicate = NSPredicate(format: "%K == %@", Schema.Entry.mood, mood)
        let query = CKQuery(recordType: Schema.RecordType.entry, predicate: predicate)
        query.sortDescriptors = [NSSortDescriptor(key: Schema.Entry.modifiedAt, ascending: false)]
        let (results, _) = try await database.records(matching: query, desiredKeys: ["title", "mood", "createdAt"])
        return results.compactMap { try? $0.1.get() }
    }

    /// Entries whose title starts with `prefix`, written this year.
    func search(prefix: String, since start: Date) async throws -> [CKRecord] {
        let query = CKQuery(recordType: "JournalEntry",
                            predicate: NSPredicate(format: "title BEGINSWITH %@ AND createdAt >= %@", prefix, start as NSDate))
        let (results, _) = try await database.records(matching: query)
        return results.compactMap { try? $0.1.get() }
    }
}
