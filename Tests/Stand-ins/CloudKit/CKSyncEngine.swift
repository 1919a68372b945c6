import Foundation

/// An object that manages the synchronization of local and remote record data.
///
/// The stand-in runs a sync on demand (`fetchChanges()`, `sendChanges()`) against the `StandInDatabase` its
/// configuration's database stands for, and reports it to the delegate with the events CloudKit sends; it never
/// syncs by itself (`automaticallySync` is kept but not acted on), as tests drive it.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public final class CKSyncEngine: @unchecked Sendable {
    /// The database the engine syncs with.
    public let database: CKDatabase
    /// The engine's state: pending changes and what it fetched so far.
    public let state: CKSyncEngine.State
    /// The delegate, held weakly as CloudKit does.
    weak var delegate: (any CKSyncEngineDelegate)?

    /// Creates a sync engine with the specified configuration.
    public init(_ configuration: CKSyncEngine.Configuration) {
        self.database = configuration.database
        self.state = CKSyncEngine.State(configuration.stateSerialization)
        self.delegate = configuration.delegate
    }

    /// A sync engine's configuration.
    public struct Configuration: @unchecked Sendable {
        /// The database to sync.
        public var database: CKDatabase
        /// The state the engine resumes from, as a `stateUpdate` event gave it; `nil` on the first launch.
        public var stateSerialization: CKSyncEngine.State.Serialization?
        /// The delegate that handles the engine's events and provides the records to send.
        public weak var delegate: (any CKSyncEngineDelegate)?
        /// Whether the engine syncs automatically.
        public var automaticallySync: Bool = true
        /// The ID of the database subscription the engine uses.
        public var subscriptionID: String?

        /// Creates a configuration.
        public init(
            database: CKDatabase,
            stateSerialization: CKSyncEngine.State.Serialization?,
            delegate: any CKSyncEngineDelegate
        ) {
            self.database = database
            self.stateSerialization = stateSerialization
            self.delegate = delegate
        }
    }

    /// An unsent record change.
    public enum PendingRecordZoneChange: Hashable, Sendable {
        /// Save the record with this ID.
        case saveRecord(CKRecord.ID)
        /// Delete the record with this ID.
        case deleteRecord(CKRecord.ID)

        /// The ID of the record the change is about.
        var recordID: CKRecord.ID {
            switch self {
            case .saveRecord(let recordID), .deleteRecord(let recordID): recordID
            }
        }
    }

    /// An unsent database change.
    public enum PendingDatabaseChange: Hashable, Sendable {
        /// Save the zone.
        case saveZone(CKRecordZone)
        /// Delete the zone with this ID.
        case deleteZone(CKRecordZone.ID)

        /// The ID of the zone the change is about.
        public var zoneID: CKRecordZone.ID {
            switch self {
            case .saveZone(let zone): zone.zoneID
            case .deleteZone(let zoneID): zoneID
            }
        }
    }

    /// Why the engine syncs.
    public enum SyncReason: Sendable, Hashable {
        case scheduled
        case manual
    }

    /// Options for fetching changes.
    public struct FetchChangesOptions: Sendable {
        /// Creates the default options.
        public init() {}
    }

    /// Options for sending changes.
    public struct SendChangesOptions: Sendable {
        /// The scope of the changes to send.
        public enum Scope: Sendable, Hashable {
            /// Send changes for all zones.
            case all
            /// Send changes in a specific set of zones.
            case zoneIDs([CKRecordZone.ID])
            /// Send changes for all zones except the given set of zones.
            case allExcluding([CKRecordZone.ID])
            /// Send changes for a specific set of records.
            case recordIDs([CKRecord.ID])

            /// Whether the scope includes the zone.
            public func contains(_ zoneID: CKRecordZone.ID) -> Bool {
                switch self {
                case .all: true
                case .zoneIDs(let zoneIDs): zoneIDs.contains(zoneID)
                case .allExcluding(let zoneIDs): !zoneIDs.contains(zoneID)
                case .recordIDs(let recordIDs): recordIDs.contains { $0.zoneID == zoneID }
                }
            }

            /// Whether the scope includes the record.
            public func contains(_ recordID: CKRecord.ID) -> Bool {
                if case .recordIDs(let recordIDs) = self { return recordIDs.contains(recordID) }
                return contains(recordID.zoneID)
            }

            /// Whether the scope includes the pending change.
            public func contains(_ pendingRecordZoneChange: CKSyncEngine.PendingRecordZoneChange) -> Bool {
                contains(pendingRecordZoneChange.recordID)
            }

            /// Whether the scope includes the pending change.
            public func contains(_ pendingDatabaseChange: CKSyncEngine.PendingDatabaseChange) -> Bool {
                contains(pendingDatabaseChange.zoneID)
            }
        }

        /// The scope of the changes to send.
        public var scope: CKSyncEngine.SendChangesOptions.Scope

        /// Creates options with a scope.
        public init(scope: CKSyncEngine.SendChangesOptions.Scope = .all) {
            self.scope = scope
        }
    }

    /// What the engine asks the delegate for a batch of changes to send.
    public struct SendChangesContext: Sendable {
        /// Why the engine sends.
        public let reason: CKSyncEngine.SyncReason
        /// The options of the send.
        public let options: CKSyncEngine.SendChangesOptions

        @_spi(StandIn) public init(reason: CKSyncEngine.SyncReason, options: CKSyncEngine.SendChangesOptions) {
            self.reason = reason
            self.options = options
        }
    }

    /// What the engine asks the delegate for the options of a fetch.
    public struct FetchChangesContext: Sendable {
        /// Why the engine fetches.
        public let reason: CKSyncEngine.SyncReason
        /// The options of the fetch.
        public let options: CKSyncEngine.FetchChangesOptions
    }

    /// The record changes of one send operation.
    public struct RecordZoneChangeBatch: Sendable {
        /// The records to save.
        public var recordsToSave: [CKRecord]
        /// The IDs of the records to delete.
        public var recordIDsToDelete: [CKRecord.ID]
        /// Whether the changes of each zone are saved atomically.
        public var atomicByZone: Bool

        /// The most changes one batch holds.
        static let limit = 400

        /// Creates a batch of records to modify.
        public init(recordsToSave: [CKRecord] = [], recordIDsToDelete: [CKRecord.ID] = [], atomicByZone: Bool = false) {
            self.recordsToSave = recordsToSave
            self.recordIDsToDelete = recordIDsToDelete
            self.atomicByZone = atomicByZone
        }

        /// Creates a batch from pending changes, asking `recordProvider` for the record of each save (a save whose
        /// provider returns `nil` is skipped); `nil` when there is nothing to send.
        public init?(
            pendingChanges: [CKSyncEngine.PendingRecordZoneChange],
            recordProvider: @Sendable (CKRecord.ID) async -> CKRecord?
        ) async {
            var recordsToSave: [CKRecord] = []
            var recordIDsToDelete: [CKRecord.ID] = []
            for change in pendingChanges where recordsToSave.count + recordIDsToDelete.count < Self.limit {
                switch change {
                case .saveRecord(let recordID):
                    if let record = await recordProvider(recordID) { recordsToSave.append(record) }
                case .deleteRecord(let recordID):
                    recordIDsToDelete.append(recordID)
                }
            }
            guard !recordsToSave.isEmpty || !recordIDsToDelete.isEmpty else { return nil }
            self.init(recordsToSave: recordsToSave, recordIDsToDelete: recordIDsToDelete)
        }
    }
}

/// The delegate of a sync engine: it handles the engine's events and provides the records to send.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public protocol CKSyncEngineDelegate: AnyObject, Sendable {
    /// Handles an event of the sync engine.
    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async

    /// Returns the next batch of record changes to send, or `nil` when there is none.
    func nextRecordZoneChangeBatch(
        _ context: CKSyncEngine.SendChangesContext,
        syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch?

    /// Returns the options of the next fetch.
    func nextFetchChangesOptions(
        _ context: CKSyncEngine.FetchChangesContext,
        syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.FetchChangesOptions
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineDelegate {
    /// The options of the context.
    public func nextFetchChangesOptions(
        _ context: CKSyncEngine.FetchChangesContext,
        syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.FetchChangesOptions {
        context.options
    }
}
