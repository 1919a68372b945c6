import Foundation

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    /// A sync engine's state: the changes waiting to be sent, and how far it fetched.
    public final class State: @unchecked Sendable {
        /// The state in a form an app persists (from a `stateUpdate` event) and gives back to a new engine.
        public struct Serialization: Sendable, Codable, Hashable {
            /// The stand-in's change token: how far into the server's change log the engine fetched.
            var changeToken: Int
            /// The pending changes, by record name and zone, as a real serialization carries them.
            var pendingSaves: [StoredRecordID]
            var pendingDeletes: [StoredRecordID]
        }

        /// A record ID in a serialization.
        struct StoredRecordID: Sendable, Codable, Hashable {
            var recordName: String
            var zoneName: String
            var ownerName: String

            init(_ recordID: CKRecord.ID) {
                recordName = recordID.recordName
                zoneName = recordID.zoneID.zoneName
                ownerName = recordID.zoneID.ownerName
            }

            var recordID: CKRecord.ID {
                CKRecord.ID(recordName: recordName, zoneID: CKRecordZone.ID(zoneName: zoneName, ownerName: ownerName))
            }
        }

        private let lock = NSLock()
        private var recordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] = []
        private var databaseChanges: [CKSyncEngine.PendingDatabaseChange] = []
        private var token = 0

        init(_ serialization: Serialization?) {
            guard let serialization else { return }
            token = serialization.changeToken
            recordZoneChanges = serialization.pendingSaves.map { .saveRecord($0.recordID) }
                + serialization.pendingDeletes.map { .deleteRecord($0.recordID) }
        }

        /// The record changes waiting to be sent, in the order they were added.
        public var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] {
            lock.withLock { recordZoneChanges }
        }

        /// The database changes waiting to be sent, in the order they were added.
        public var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] {
            lock.withLock { databaseChanges }
        }

        /// Adds record changes to send; a change already pending is not added twice.
        public func add(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock {
                for change in pendingRecordZoneChanges where !recordZoneChanges.contains(change) {
                    recordZoneChanges.append(change)
                }
            }
        }

        /// Removes record changes.
        public func remove(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock { recordZoneChanges.removeAll { pendingRecordZoneChanges.contains($0) } }
        }

        /// Adds database changes to send; a change to a zone already pending replaces nothing and is not added twice.
        public func add(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock {
                for change in pendingDatabaseChanges
                where !databaseChanges.contains(where: { Self.sameKind($0, change) && $0.zoneID == change.zoneID }) {
                    databaseChanges.append(change)
                }
            }
        }

        /// Removes database changes (a zone save by its zone ID).
        public func remove(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock {
                databaseChanges.removeAll { pending in
                    pendingDatabaseChanges.contains { Self.sameKind($0, pending) && $0.zoneID == pending.zoneID }
                }
            }
        }

        private static func sameKind(_ lhs: CKSyncEngine.PendingDatabaseChange, _ rhs: CKSyncEngine.PendingDatabaseChange) -> Bool {
            switch (lhs, rhs) {
            case (.saveZone, .saveZone), (.deleteZone, .deleteZone): true
            default: false
            }
        }

        /// How far into the server's change log the engine fetched.
        var changeToken: Int {
            get { lock.withLock { token } }
            set { lock.withLock { token = newValue } }
        }

        /// The state as an app persists it.
        var serialization: Serialization {
            lock.withLock {
                var saves: [StoredRecordID] = []
                var deletes: [StoredRecordID] = []
                for change in recordZoneChanges {
                    switch change {
                    case .saveRecord(let recordID): saves.append(StoredRecordID(recordID))
                    case .deleteRecord(let recordID): deletes.append(StoredRecordID(recordID))
                    }
                }
                return Serialization(changeToken: token, pendingSaves: saves, pendingDeletes: deletes)
            }
        }
    }
}
