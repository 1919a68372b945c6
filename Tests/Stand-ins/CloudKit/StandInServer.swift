public import Foundation

/// A test-only, in-memory imitation of one CloudKit database, for round trips through a "server".
///
/// Not part of Apple's API: it is SPI (`@_spi(StandIn) import CloudKit`) so that only tests that mean to use
/// it can. It applies the rule that matters for generated boundary code: saving a record whose change tag
/// does not match the stored record's fails with `CKError.serverRecordChanged`, whose user info holds the
/// server's record, the client's record and (when the client's change tag names a version the server saved)
/// the ancestor, as CloudKit's does; saving several records reports their failures in a `partialFailure`.
@_spi(StandIn)
public final class StandInDatabase: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [CKRecord.ID: CKRecord] = [:]
    /// Every saved version of every record, by change tag: the ancestors of conflicts.
    private var versions: [CKRecord.ID: [String: CKRecord]] = [:]
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
            let conflict = self.conflict(saving: record)
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
            if let version = saved.copy() as? CKRecord { versions[record.recordID, default: [:]]["tag-\(saves)"] = version }
            guard let returned = saved.copy() as? CKRecord else { throw conflict }
            return returned
        }
    }

    /// Saves each record as `save(_:)` does, as a non-atomic `CKModifyRecordsOperation` would: the records that
    /// save are returned; if any fails, a `partialFailure` error holds the failures by record ID.
    public func save(_ records: [CKRecord]) throws -> [CKRecord] {
        var saved: [CKRecord] = []
        var failures: [AnyHashable: any Error] = [:]
        for record in records {
            do {
                saved.append(try save(record))
            } catch {
                failures[record.recordID] = error
            }
        }
        guard failures.isEmpty else {
            throw CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: failures])
        }
        return saved
    }

    /// The `serverRecordChanged` error of saving `record` over the server's copy. Called with the lock held.
    private func conflict(saving record: CKRecord) -> CKError {
        var userInfo: [String: Any] = [CKRecordChangedErrorClientRecordKey: record]
        if let server = records[record.recordID]?.copy() as? CKRecord {
            server.plainValues.resetChanges()
            server.encryptedStore.resetChanges()
            userInfo[CKRecordChangedErrorServerRecordKey] = server
        }
        if let tag = record.recordChangeTag, let ancestor = versions[record.recordID]?[tag]?.copy() as? CKRecord {
            ancestor.plainValues.resetChanges()
            ancestor.encryptedStore.resetChanges()
            userInfo[CKRecordChangedErrorAncestorRecordKey] = ancestor
        }
        return CKError(.serverRecordChanged, userInfo: userInfo)
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
