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
    /// Every save and deletion, in order: what a change fetch reports (`changes(since:)`).
    private var changeLog: [LoggedChange] = []
    /// Zones deleted and not saved since: saves into them fail with `zoneNotFound`.
    private var deletedZones: Set<CKRecordZone.ID> = []
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
            if deletedZones.contains(record.recordID.zoneID) { throw CKError(.zoneNotFound) }
            let conflict = self.conflict(saving: record)
            let saved: CKRecord
            if records[record.recordID] == nil, record.recordChangeTag != nil {
                // The record this one was fetched as is gone (deleted, or its zone was).
                throw CKError(.unknownItem)
            }
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
            changeLog.append(.saved(record.recordID))
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

    /// Deletes the record with `recordID` (nothing happens when there is none, as CloudKit reports success).
    public func delete(_ recordID: CKRecord.ID) throws {
        try lock.withLock {
            if deletedZones.contains(recordID.zoneID) { throw CKError(.zoneNotFound) }
            guard let record = records.removeValue(forKey: recordID) else { return }
            changeLog.append(.deleted(recordID, recordType: record.recordType))
        }
    }

    /// Creates the zone, or does nothing when it exists.
    public func saveZone(_ zoneID: CKRecordZone.ID) {
        lock.withLock { _ = deletedZones.remove(zoneID) }
    }

    /// Deletes the zone and every record in it, as a user's "delete iCloud data" or another device's
    /// `deleteZone` does; saves into it fail with `zoneNotFound` until it is saved again.
    public func deleteZone(_ zoneID: CKRecordZone.ID) {
        lock.withLock {
            deletedZones.insert(zoneID)
            for recordID in records.keys where recordID.zoneID == zoneID { records[recordID] = nil }
            changeLog.append(.zoneDeleted(zoneID))
        }
    }

    /// What changed since `token` (0: everything), as a change fetch reports it: the records saved since, as the
    /// server holds them now; the records deleted since (of their type); the zones deleted since and not saved
    /// again; and the token to fetch from next time.
    public func changes(since token: Int) -> StandInChanges {
        lock.withLock {
            var changes = StandInChanges(token: changeLog.count)
            var deletedTypes: [CKRecord.ID: String] = [:]
            var order: [CKRecord.ID] = []
            for change in changeLog.dropFirst(max(0, token)) {
                switch change {
                case .saved(let recordID):
                    deletedTypes[recordID] = nil
                    order.removeAll { $0 == recordID }
                    order.append(recordID)
                case .deleted(let recordID, let recordType):
                    deletedTypes[recordID] = recordType
                    order.removeAll { $0 == recordID }
                    order.append(recordID)
                case .zoneDeleted(let zoneID) where deletedZones.contains(zoneID) && !changes.deletedZones.contains(zoneID):
                    // A zone saved again since is not reported as deleted.
                    changes.deletedZones.append(zoneID)
                case .zoneDeleted:
                    break
                }
            }
            for recordID in order {
                if let record = records[recordID]?.copy() as? CKRecord {
                    record.plainValues.resetChanges()
                    record.encryptedStore.resetChanges()
                    changes.records.append(record)
                } else if let recordType = deletedTypes[recordID] {
                    changes.deletions.append((recordID, recordType))
                }
            }
            return changes
        }
    }
}

/// One entry of the stand-in database's change log.
private enum LoggedChange {
    case saved(CKRecord.ID)
    case deleted(CKRecord.ID, recordType: String)
    case zoneDeleted(CKRecordZone.ID)
}

/// What changed in a `StandInDatabase` since a token.
@_spi(StandIn)
public struct StandInChanges: @unchecked Sendable {
    /// The records saved since, as the server holds them now.
    public var records: [CKRecord] = []
    /// The records deleted since, with their record types.
    public var deletions: [(recordID: CKRecord.ID, recordType: String)] = []
    /// The zones deleted since.
    public var deletedZones: [CKRecordZone.ID] = []
    /// The token of the next fetch.
    public var token: Int
}
