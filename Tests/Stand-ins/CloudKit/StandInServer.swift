public import Foundation

/// A test-only, in-memory imitation of one CloudKit database, for round trips through a "server".
///
/// Not part of Apple's API: it is SPI (`@_spi(StandIn) import CloudKit`) so that only tests that mean to use
/// it can. It applies the rule that matters for generated boundary code: saving a record whose change tag
/// does not match the stored record's fails, the way CloudKit reports `serverRecordChanged`.
@_spi(StandIn)
public final class StandInDatabase: @unchecked Sendable {
    /// Why a save failed.
    public enum SaveError: Error, Equatable {
        /// The record exists on the server with another change tag (CloudKit's `serverRecordChanged`).
        case serverRecordChanged(recordName: String)
    }

    private let lock = NSLock()
    private var records: [CKRecord.ID: CKRecord] = [:]
    private var saves = 0
    private let userRecordID: CKRecord.ID
    private let clock: @Sendable () -> Date

    /// A database whose saves are attributed to `userRecordName` and timestamped by `clock`.
    public init(userRecordName: String = "_stand-in-user", clock: @escaping @Sendable () -> Date = { Date() }) {
        self.userRecordID = CKRecord.ID(recordName: userRecordName)
        self.clock = clock
    }

    /// Saves `record` the way CloudKit's "if server record unchanged" policy does and returns the server's
    /// copy, which carries a new change tag and modification metadata. Like CloudKit, only the keys the client
    /// changed are sent: values of other keys on the server stay as they are.
    public func save(_ record: CKRecord) throws -> CKRecord {
        try lock.withLock {
            let conflict = SaveError.serverRecordChanged(recordName: record.recordID.recordName)
            let saved: CKRecord
            if let existing = records[record.recordID] {
                guard existing.recordChangeTag == record.recordChangeTag,
                      let copy = existing.copy() as? CKRecord
                else { throw conflict }
                saved = copy
                for key in record.plainValues.changedKeys() {
                    saved.plainValues.setObject(record.plainValues.object(forKey: key), forKey: key)
                }
                for key in record.encryptedStore.changedKeys() {
                    saved.encryptedStore.setObject(record.encryptedStore.object(forKey: key), forKey: key)
                }
            } else {
                guard record.recordChangeTag == nil, let copy = record.copy() as? CKRecord else { throw conflict }
                saved = copy
                saved.creationDate = clock()
                saved.creatorUserRecordID = userRecordID
            }
            saves += 1
            saved.recordChangeTag = "tag-\(saves)"
            saved.modificationDate = clock()
            saved.lastModifiedUserRecordID = userRecordID
            saved.plainValues.resetChanges()
            saved.encryptedStore.resetChanges()
            records[record.recordID] = saved
            guard let returned = saved.copy() as? CKRecord else { throw conflict }
            return returned
        }
    }

    /// Returns the server's copy of the record with `recordID`, if it was saved; with `desiredKeys`, holding the
    /// values of those keys only, as a fetch with `desiredKeys` does.
    public func fetch(_ recordID: CKRecord.ID, desiredKeys: [CKRecord.FieldKey]? = nil) -> CKRecord? {
        lock.withLock {
            guard let copy = records[recordID]?.copy() as? CKRecord else { return nil }
            if let desiredKeys {
                for key in copy.plainValues.allKeys() where !desiredKeys.contains(key) {
                    copy.plainValues.setObject(nil, forKey: key)
                }
                for key in copy.encryptedStore.allKeys() where !desiredKeys.contains(key) {
                    copy.encryptedStore.setObject(nil, forKey: key)
                }
            }
            copy.plainValues.resetChanges()
            copy.encryptedStore.resetChanges()
            return copy
        }
    }
}
