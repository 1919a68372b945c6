import Foundation

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    /// An event of a sync engine, which its delegate handles.
    public enum Event: Sendable {
        case stateUpdate(CKSyncEngine.Event.StateUpdate)
        case accountChange(CKSyncEngine.Event.AccountChange)
        case fetchedDatabaseChanges(CKSyncEngine.Event.FetchedDatabaseChanges)
        case fetchedRecordZoneChanges(CKSyncEngine.Event.FetchedRecordZoneChanges)
        case sentDatabaseChanges(CKSyncEngine.Event.SentDatabaseChanges)
        case sentRecordZoneChanges(CKSyncEngine.Event.SentRecordZoneChanges)
        case willFetchChanges(CKSyncEngine.Event.WillFetchChanges)
        case willFetchRecordZoneChanges(CKSyncEngine.Event.WillFetchRecordZoneChanges)
        case didFetchRecordZoneChanges(CKSyncEngine.Event.DidFetchRecordZoneChanges)
        case didFetchChanges(CKSyncEngine.Event.DidFetchChanges)
        case willSendChanges(CKSyncEngine.Event.WillSendChanges)
        case didSendChanges(CKSyncEngine.Event.DidSendChanges)

        /// The engine's state changed: persist it.
        public struct StateUpdate: Sendable {
            /// The state to give the next engine.
            public let stateSerialization: CKSyncEngine.State.Serialization
        }

        /// The device's iCloud account changed.
        public struct AccountChange: Sendable {
            /// How the account changed.
            public enum ChangeType: Sendable {
                case signIn(currentUser: CKRecord.ID)
                case signOut(previousUser: CKRecord.ID)
                case switchAccounts(previousUser: CKRecord.ID, currentUser: CKRecord.ID)
            }

            /// How the account changed.
            public let changeType: CKSyncEngine.Event.AccountChange.ChangeType

            @_spi(StandIn) public init(changeType: CKSyncEngine.Event.AccountChange.ChangeType) {
                self.changeType = changeType
            }
        }

        /// Zones the engine fetched changes of: created, modified or deleted.
        public struct FetchedDatabaseChanges: Sendable {
            /// The zones created or modified.
            public let modifications: [CKDatabase.DatabaseChange.Modification]
            /// The zones deleted.
            public let deletions: [CKDatabase.DatabaseChange.Deletion]

            @_spi(StandIn) public init(
                modifications: [CKDatabase.DatabaseChange.Modification],
                deletions: [CKDatabase.DatabaseChange.Deletion]
            ) {
                self.modifications = modifications
                self.deletions = deletions
            }
        }

        /// Records the engine fetched: created or modified, and deleted.
        public struct FetchedRecordZoneChanges: Sendable {
            /// The records created or modified.
            public let modifications: [CKDatabase.RecordZoneChange.Modification]
            /// The records deleted.
            public let deletions: [CKDatabase.RecordZoneChange.Deletion]

            @_spi(StandIn) public init(
                modifications: [CKDatabase.RecordZoneChange.Modification],
                deletions: [CKDatabase.RecordZoneChange.Deletion]
            ) {
                self.modifications = modifications
                self.deletions = deletions
            }
        }

        /// The result of sending zone changes.
        public struct SentDatabaseChanges: Sendable {
            /// A zone the server did not save.
            public struct FailedZoneSave: Sendable {
                /// The zone.
                public let zone: CKRecordZone
                /// Why it was not saved.
                public let error: CKError
            }

            /// The zones saved.
            public let savedZones: [CKRecordZone]
            /// The zones not saved.
            public let failedZoneSaves: [CKSyncEngine.Event.SentDatabaseChanges.FailedZoneSave]
            /// The IDs of the zones deleted.
            public let deletedZoneIDs: [CKRecordZone.ID]
            /// The zones not deleted, and why.
            public let failedZoneDeletes: [CKRecordZone.ID: CKError]
        }

        /// The result of sending a batch of record changes.
        public struct SentRecordZoneChanges: Sendable {
            /// A record the server did not save.
            public struct FailedRecordSave: Sendable {
                /// The record the engine tried to save.
                public let record: CKRecord
                /// Why it was not saved.
                public let error: CKError

                @_spi(StandIn) public init(record: CKRecord, error: CKError) {
                    self.record = record
                    self.error = error
                }
            }

            /// The records saved, as the server returned them (with their new change tags).
            public let savedRecords: [CKRecord]
            /// The records not saved.
            public let failedRecordSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave]
            /// The IDs of the records deleted.
            public let deletedRecordIDs: [CKRecord.ID]
            /// The records not deleted, and why.
            public let failedRecordDeletes: [CKRecord.ID: CKError]

            @_spi(StandIn) public init(
                savedRecords: [CKRecord] = [],
                failedRecordSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave] = [],
                deletedRecordIDs: [CKRecord.ID] = [],
                failedRecordDeletes: [CKRecord.ID: CKError] = [:]
            ) {
                self.savedRecords = savedRecords
                self.failedRecordSaves = failedRecordSaves
                self.deletedRecordIDs = deletedRecordIDs
                self.failedRecordDeletes = failedRecordDeletes
            }
        }

        /// The engine is about to fetch changes.
        public struct WillFetchChanges: Sendable {}
        /// The engine is about to fetch the changes of a zone.
        public struct WillFetchRecordZoneChanges: Sendable {
            /// The zone.
            public let zoneID: CKRecordZone.ID
        }
        /// The engine fetched the changes of a zone.
        public struct DidFetchRecordZoneChanges: Sendable {
            /// The zone.
            public let zoneID: CKRecordZone.ID
            /// Why the fetch failed, if it did.
            public let error: CKError?
        }
        /// The engine fetched changes.
        public struct DidFetchChanges: Sendable {}
        /// The engine is about to send changes.
        public struct WillSendChanges: Sendable {
            /// The context of the send.
            public let context: CKSyncEngine.SendChangesContext
        }
        /// The engine sent changes.
        public struct DidSendChanges: Sendable {
            /// The context of the send.
            public let context: CKSyncEngine.SendChangesContext
        }
    }
}
