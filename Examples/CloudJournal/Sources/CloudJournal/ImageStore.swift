import CloudKit

/// Photos attached to entries, in the order the user arranged them.
struct ImageStore {
    let database: CKDatabase

    func attach(_ file: URL, to entry: CKRecord.ID, caption: String, position: Int) async throws {
        let record = CKRecord(recordType: Schema.RecordType.image)
        record[.entry] = CKRecord.Reference(recordID: entry, action: .deleteSelf)
        record[.imageAsset] = CKAsset(fileURL: file)
        record[.caption] = caption as CKRecordValue
        record[.sortOrder] = Int64(position) as CKRecordValue
        _ = try await database.save(record)
    }

    /// The images of an entry, in order.
    func images(of entry: CKRecord.ID) -> CKQueryOperation {
        let reference = CKRecord.Reference(recordID: entry, action: .none)
        let query = CKQuery(recordType: Schema.RecordType.image, predicate: NSPredicate(format: "entry == %@", reference))
        query.sortDescriptors = [NSSortDescriptor(key: ImageKey.sortOrder.rawValue, ascending: true)]
        return CKQueryOperation(query: query)
    }
}
