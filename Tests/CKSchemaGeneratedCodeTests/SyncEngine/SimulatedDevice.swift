#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation

/// One device of a CloudJournal app: a local store of models and a `CKSyncEngine` delegate written on the
/// generated layer, as docs/sync-engine.md shows it. Devices share a `StandInDatabase`, the simulated server.
actor SimulatedDevice: CKSyncEngineDelegate {
    /// The local store: every record the device knows, read into its model (or kept as it is).
    private(set) var models: [CKRecord.ID: CloudKitSchema.AnyModel] = [:]
    /// The engine's state, as the app persists it.
    private(set) var stateSerialization: CKSyncEngine.State.Serialization?
    /// Every send's outcome, in order, to look at.
    private(set) var outcomes: [CloudKitSchema.SentChanges] = []
    /// Every batch the device handed the engine.
    private(set) var batches: [CKSyncEngine.RecordZoneChangeBatch] = []
    /// Fetched records that did not read.
    private(set) var unreadable: [CloudKitSchema.UnreadableRecord] = []
    /// What to do with records the server no longer has.
    var unknownItemPolicy: CloudKitSchema.SentChanges.UnknownItemPolicy = .recreate

    private let database: CKDatabase
    private var engine: CKSyncEngine?

    init(server: StandInDatabase) {
        database = CKDatabase(standIn: server)
    }

    /// The engine, created on first use from the persisted state; the schema's zones are queued on a first start.
    var syncEngine: CKSyncEngine {
        if let engine { return engine }
        let engine = CKSyncEngine(CKSyncEngine.Configuration(
            database: database, stateSerialization: stateSerialization, delegate: self
        ))
        if stateSerialization == nil {
            engine.state.add(pendingDatabaseChanges: CloudKitSchema.recordZones.map { .saveZone($0) })
        }
        self.engine = engine
        return engine
    }

    // MARK: - The app's edits

    /// Stores a model and queues its save.
    func save(_ model: CloudKitSchema.AnyModel) {
        let recordID = model.typedID.ckRecordID
        models[recordID] = model
        syncEngine.state.add(pendingRecordZoneChanges: [.saveRecord(recordID)])
    }

    /// The entry with `id`, if the device has it.
    func entry(_ id: JournalEntry.ID) -> JournalEntry? {
        if case .journalEntry(let entry)? = models[id.ckRecordID] { return entry }
        return nil
    }

    /// Edits the entry with `id` and queues its save.
    func edit(_ id: JournalEntry.ID, _ change: (inout JournalEntry) -> Void) {
        guard var entry = entry(id) else { return }
        change(&entry)
        save(.journalEntry(entry))
    }

    /// Sends what is pending, then fetches what changed.
    func sync() async throws {
        try await syncEngine.sendChanges()
        try await syncEngine.fetchChanges()
    }

    // MARK: - CKSyncEngineDelegate

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case .stateUpdate(let update):
            stateSerialization = update.stateSerialization
        case .accountChange(let change):
            handle(change)
        case .fetchedDatabaseChanges(let changes):
            for deletion in changes.deletions where CloudKitSchema.isRecordZone(deletion.zoneID) {
                if deletion.reason == .purged {
                    models = models.filter { $0.key.zoneID != deletion.zoneID }   // the user deleted their data
                } else {
                    uploadAgain(zone: deletion.zoneID)
                }
            }
        case .fetchedRecordZoneChanges(let event):
            let changes = CloudKitSchema.FetchedChanges(event)
            let pending = Set(syncEngine.state.pendingRecordZoneChanges)
            for model in changes.modifications where !pending.contains(.saveRecord(model.typedID.ckRecordID)) {
                // A local edit not sent yet wins for now: its save conflicts and merges by the schema's policies.
                models[model.typedID.ckRecordID] = model
            }
            for id in changes.deletions { models[id.ckRecordID] = nil }
            unreadable += changes.unreadable
        case .sentRecordZoneChanges(let event):
            apply(CloudKitSchema.SentChanges(event, unknownItem: unknownItemPolicy), to: syncEngine)
        default:
            break
        }
    }

    func nextRecordZoneChangeBatch(
        _ context: CKSyncEngine.SendChangesContext,
        syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? {
        let batch = await CloudKitSchema.nextRecordZoneChangeBatch(context, syncEngine: syncEngine) { recordID in
            await self.models[recordID]
        }
        if let batch { batches.append(batch) }
        return batch
    }

    // MARK: - Applying outcomes

    private func apply(_ outcome: CloudKitSchema.SentChanges, to syncEngine: CKSyncEngine) {
        outcomes.append(outcome)
        for record in outcome.saved { models[record.recordID]?.didSave(record) }
        for merged in outcome.merged { models[merged.record.recordID] = merged.model }
        for id in outcome.recreated { models[id.ckRecordID]?.forgetSystemFields() }
        for id in outcome.deletedOnServer { models[id.ckRecordID] = nil }
        for zoneID in outcome.zonesNotFound { uploadAgain(zone: zoneID) }
        syncEngine.state.add(pendingDatabaseChanges: outcome.pendingDatabaseChanges)
        syncEngine.state.add(pendingRecordZoneChanges: outcome.pendingRecordZoneChanges)
    }

    /// The zone is gone from the server: create it again and save every local record in it anew.
    private func uploadAgain(zone zoneID: CKRecordZone.ID) {
        var saves: [CKSyncEngine.PendingRecordZoneChange] = []
        for recordID in models.keys where recordID.zoneID == zoneID {
            models[recordID]?.forgetSystemFields()
            saves.append(.saveRecord(recordID))
        }
        syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: zoneID))])
        syncEngine.state.add(pendingRecordZoneChanges: saves)
    }

    private func handle(_ change: CKSyncEngine.Event.AccountChange) {
        switch change.changeType {
        case .signIn:
            // Upload what was made while signed out.
            syncEngine.state.add(pendingDatabaseChanges: CloudKitSchema.recordZones.map { .saveZone($0) })
            syncEngine.state.add(pendingRecordZoneChanges: models.keys.map { .saveRecord($0) })
        case .signOut, .switchAccounts:
            // The data belongs to the previous account: forget it and start a fresh engine.
            models = [:]
            stateSerialization = nil
            engine = nil
        }
    }
}
#endif
