import Foundation

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngine {
    /// The errors after which the engine keeps a change pending and retries it later, as CloudKit's does.
    static let retriedCodes: Set<CKError.Code> = [
        .networkFailure, .networkUnavailable, .zoneBusy, .serviceUnavailable, .requestRateLimited,
        .notAuthenticated, .operationCancelled, .accountTemporarilyUnavailable,
    ]

    /// Fetches the changes the server holds since the last fetch and reports them to the delegate:
    /// `fetchedDatabaseChanges` (deleted zones), `fetchedRecordZoneChanges`, then `stateUpdate`.
    public func fetchChanges(_ options: CKSyncEngine.FetchChangesOptions = FetchChangesOptions()) async throws {
        guard let delegate else { return }
        let changes = database.standInServer.changes(since: state.changeToken)
        await delegate.handleEvent(.willFetchChanges(Event.WillFetchChanges()), syncEngine: self)
        if !changes.deletedZones.isEmpty {
            let deletions = changes.deletedZones.map { CKDatabase.DatabaseChange.Deletion(zoneID: $0, reason: .deleted) }
            await delegate.handleEvent(
                .fetchedDatabaseChanges(Event.FetchedDatabaseChanges(modifications: [], deletions: deletions)),
                syncEngine: self
            )
        }
        if !changes.records.isEmpty || !changes.deletions.isEmpty {
            await delegate.handleEvent(.fetchedRecordZoneChanges(Event.FetchedRecordZoneChanges(
                modifications: changes.records.map { CKDatabase.RecordZoneChange.Modification(record: $0) },
                deletions: changes.deletions.map { CKDatabase.RecordZoneChange.Deletion(recordID: $0.recordID, recordType: $0.recordType) }
            )), syncEngine: self)
        }
        state.changeToken = changes.token
        await delegate.handleEvent(.didFetchChanges(Event.DidFetchChanges()), syncEngine: self)
        await delegate.handleEvent(.stateUpdate(Event.StateUpdate(stateSerialization: state.serialization)), syncEngine: self)
    }

    /// Sends the pending changes: first the zone changes (`sentDatabaseChanges`), then batch after batch of record
    /// changes from the delegate (`sentRecordZoneChanges` each), until the delegate has none or a batch makes no
    /// progress (every change in it failed with an error the engine retries later); then `stateUpdate`.
    public func sendChanges(_ options: CKSyncEngine.SendChangesOptions = SendChangesOptions()) async throws {
        guard let delegate else { return }
        let context = SendChangesContext(reason: .manual, options: options)
        await delegate.handleEvent(.willSendChanges(Event.WillSendChanges(context: context)), syncEngine: self)
        await sendDatabaseChanges(options, to: delegate)
        var batches = 0
        while batches < 20, let batch = await delegate.nextRecordZoneChangeBatch(context, syncEngine: self) {
            batches += 1
            if !(await send(batch, to: delegate)) { break }
        }
        await delegate.handleEvent(.didSendChanges(Event.DidSendChanges(context: context)), syncEngine: self)
        await delegate.handleEvent(.stateUpdate(Event.StateUpdate(stateSerialization: state.serialization)), syncEngine: self)
    }

    /// Cancels the operations in flight (the stand-in runs none in the background).
    public func cancelOperations() async {}

    private func sendDatabaseChanges(_ options: SendChangesOptions, to delegate: any CKSyncEngineDelegate) async {
        let changes = state.pendingDatabaseChanges.filter { options.scope.contains($0) }
        guard !changes.isEmpty else { return }
        var saved: [CKRecordZone] = []
        var deleted: [CKRecordZone.ID] = []
        for change in changes {
            switch change {
            case .saveZone(let zone):
                database.standInServer.saveZone(zone.zoneID)
                saved.append(zone)
            case .deleteZone(let zoneID):
                database.standInServer.deleteZone(zoneID)
                deleted.append(zoneID)
            }
        }
        state.remove(pendingDatabaseChanges: changes)
        await delegate.handleEvent(.sentDatabaseChanges(Event.SentDatabaseChanges(
            savedZones: saved, failedZoneSaves: [], deletedZoneIDs: deleted, failedZoneDeletes: [:]
        )), syncEngine: self)
    }

    /// Sends one batch and reports it; whether any change left the pending list.
    private func send(_ batch: RecordZoneChangeBatch, to delegate: any CKSyncEngineDelegate) async -> Bool {
        var savedRecords: [CKRecord] = []
        var failedSaves: [Event.SentRecordZoneChanges.FailedRecordSave] = []
        var deletedIDs: [CKRecord.ID] = []
        var failedDeletes: [CKRecord.ID: CKError] = [:]
        var done: [PendingRecordZoneChange] = []
        for record in batch.recordsToSave {
            do {
                savedRecords.append(try database.standInServer.save(record))
                done.append(.saveRecord(record.recordID))
            } catch {
                let error = error as? CKError ?? CKError(.internalError)
                failedSaves.append(Event.SentRecordZoneChanges.FailedRecordSave(record: record, error: error))
                if !Self.retriedCodes.contains(error.code) { done.append(.saveRecord(record.recordID)) }
            }
        }
        for recordID in batch.recordIDsToDelete {
            do {
                try database.standInServer.delete(recordID)
                deletedIDs.append(recordID)
                done.append(.deleteRecord(recordID))
            } catch {
                let error = error as? CKError ?? CKError(.internalError)
                failedDeletes[recordID] = error
                if !Self.retriedCodes.contains(error.code) { done.append(.deleteRecord(recordID)) }
            }
        }
        state.remove(pendingRecordZoneChanges: done)
        await delegate.handleEvent(.sentRecordZoneChanges(Event.SentRecordZoneChanges(
            savedRecords: savedRecords, failedRecordSaves: failedSaves, deletedRecordIDs: deletedIDs,
            failedRecordDeletes: failedDeletes
        )), syncEngine: self)
        // Zone changes the delegate queued in response (a zone to create) go before the next batch.
        await sendDatabaseChanges(SendChangesOptions(), to: delegate)
        return !done.isEmpty
    }
}
