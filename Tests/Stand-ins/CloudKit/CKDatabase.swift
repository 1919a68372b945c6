public import Foundation

/// An object that represents a collection of record zones and subscriptions.
///
/// The stand-in holds the `StandInDatabase` it stands for (SPI), which `CKSyncEngine` sends to and fetches from.
open class CKDatabase: NSObject, @unchecked Sendable {
    /// Constants that represent the scope of a database.
    public enum Scope: Int, Sendable {
        case `public` = 1
        case `private` = 2
        case shared = 3
    }

    /// The type of database.
    open private(set) var databaseScope: CKDatabase.Scope

    /// The imitated server this database stands for.
    @_spi(StandIn) public let standInServer: StandInDatabase

    /// A database of `scope` over the stand-in server `server`.
    @_spi(StandIn) public init(standIn server: StandInDatabase, scope: CKDatabase.Scope = .private) {
        self.standInServer = server
        self.databaseScope = scope
        super.init()
    }
}

extension CKDatabase {
    /// Namespace of the record zone changes a fetch reports.
    public enum RecordZoneChange {
        /// A record that was created or modified.
        public struct Modification: Sendable {
            /// The record, as the server holds it.
            public let record: CKRecord

            @_spi(StandIn) public init(record: CKRecord) {
                self.record = record
            }
        }

        /// A record that was deleted.
        public struct Deletion: Sendable {
            /// The ID of the deleted record.
            public let recordID: CKRecord.ID
            /// The record type of the deleted record.
            public let recordType: CKRecord.RecordType

            @_spi(StandIn) public init(recordID: CKRecord.ID, recordType: CKRecord.RecordType) {
                self.recordID = recordID
                self.recordType = recordType
            }
        }
    }

    /// Namespace of the database changes a fetch reports.
    public enum DatabaseChange {
        /// A record zone that was created or modified.
        public struct Modification: Sendable {
            /// The zone's ID.
            public let zoneID: CKRecordZone.ID

            @_spi(StandIn) public init(zoneID: CKRecordZone.ID) {
                self.zoneID = zoneID
            }
        }

        /// A record zone that was deleted.
        public struct Deletion: Sendable {
            /// Why a zone was deleted.
            public enum Reason: Sendable, Hashable {
                case deleted
                case purged
                case encryptedDataReset
            }

            /// The zone's ID.
            public let zoneID: CKRecordZone.ID
            /// Why it was deleted.
            public let reason: Reason

            @_spi(StandIn) public init(zoneID: CKRecordZone.ID, reason: Reason) {
                self.zoneID = zoneID
                self.reason = reason
            }
        }
    }
}
