import CloudKit

/// Publishing an entry to everyone, in the public database.
struct Publishing {
    let database: CKDatabase

    func publish(title: String, body: String, author: String) async throws {
        let record = CKRecord(recordType: Schema.RecordType.published)
        record["title"] = title as CKRecordValue
        record["body"] = body as CKRecordValue
        record["authorName"] = author as CKRecordValue
        record["publishedAt"] = Date() as CKRecordValue
        _ = try await database.save(record)
    }

    func latest() -> CKQuery {
        let query = CKQuery(recordType: Schema.RecordType.published, predicate: NSPredicate(value: true))
        query.sortDescriptors = [NSSortDescriptor(key: "publishedAt", ascending: false)]
        return query
    }
}
