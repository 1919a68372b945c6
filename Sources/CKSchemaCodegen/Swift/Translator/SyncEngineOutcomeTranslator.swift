import CKSchemaCore

/// Translates `CloudKitSchema.SentChanges`: the outcome of a `CKSyncEngine` send, read from its
/// `sentRecordZoneChanges` event, as a value the delegate applies. Conflicts are merged by the schema's merge
/// policies onto the server's records (through `resolveConflicts(in:)`); a missing zone of the schema is created
/// again; `unknownItem` follows a stated policy; errors the engine retries are kept apart from those it does not;
/// and what the engine must be told is ready to pass. Nothing is applied behind the app's back.
struct SyncEngineOutcomeTranslator {
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// The error codes after which `CKSyncEngine` keeps a change pending and retries it by itself.
    static let retriedCodes = [
        "networkFailure", "networkUnavailable", "zoneBusy", "serviceUnavailable", "requestRateLimited",
        "notAuthenticated", "operationCancelled", "accountTemporarilyUnavailable",
    ]

    private func property(_ name: String, _ type: String, _ doc: [String]) -> SwiftDeclaration {
        SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: name, type: type, initializer: "[]"))
            .documented(doc)
    }

    private func constant(_ name: String, _ type: String, _ doc: [String]) -> SwiftDeclaration {
        SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: name, type: type))
            .documented(doc)
    }

    /// The `case` line of the codes the engine retries, wrapped.
    private var retriedCase: [String] {
        let codes = Self.retriedCodes.map { "." + $0 }
        return ["case " + codes.prefix(5).joined(separator: ", ") + ",",
                "     " + codes.dropFirst(5).joined(separator: ", ") + ":"]
    }

    var sentChanges: SwiftDeclaration {
        let members: [SwiftDeclaration] = [
            SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: "UnknownItemPolicy",
                                                       conformances: ["Sendable", "Hashable"], members: [
                SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "recreate")).documented([
                    "Save the local model again as a new record (`recreated`): this device's data wins over the deletion.",
                ]),
                SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "deleteLocally")).documented([
                    "Delete the local model (`deletedOnServer`): the deletion on another device wins.",
                ]),
            ])).documented(["What to do with a save that fails with `unknownItem`: the server no longer has the record."]),
            SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "MergedConflict", members: [
                constant("model", "AnyModel", [
                    "The merged model: store it in place of the local one. The fields the merge wrote count as set, so",
                    "the save queued again writes them over the server's version.",
                ]),
                constant("record", "CKRecord", ["The server's record with the merged values written onto it."]),
                constant("conflictedFields", "[String]", ["The fields both sides had changed, which their merge policies decided."]),
            ])).documented(["A conflict (`serverRecordChanged`) merged by the schema's merge policies."]),
            SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "Failure", members: [
                constant("recordID", "CKRecord.ID", ["The record's ID."]),
                constant("id", "AnyModelID?", ["The record's typed ID; `nil` for a deletion (its type is not reported)."]),
                constant("error", "CKError", ["Why the change failed."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(
                    access: access, name: "retryAfterSeconds", type: "Double?", getter: ["error.retryAfterSeconds"]
                )).documented(["How long the server asks to wait before retrying (`requestRateLimited`, `zoneBusy`, …)."]),
            ])).documented(["A save or deletion that failed."]),
            property("saved", "[CKRecord]", [
                "The records the server saved: give each to its model (`AnyModel.didSave(_:)`, or set the model's",
                "`cloudKitSystemFields`), so that its next save carries the new change tag.",
            ]),
            property("deleted", "[CKRecord.ID]", [
                "The records the server deleted (or no longer had): forget whatever the app kept of them.",
            ]),
            property("merged", "[MergedConflict]", ["Conflicts merged by the schema's policies; their saves are queued again."]),
            property("recreated", "[AnyModelID]", [
                "Records to create anew — their zone was deleted, or the server no longer has them and the policy is",
                "`.recreate`: call `forgetSystemFields()` on their models (or set `cloudKitSystemFields` to `nil`) so",
                "that the save queued again writes every field.",
            ]),
            property("deletedOnServer", "[AnyModelID]", [
                "Records the server no longer has, under `.deleteLocally`: delete their local models.",
            ]),
            property("zonesNotFound", "[CKRecordZone.ID]", [
                "The schema's zones the server did not have, queued to be created. The zone's other records are gone",
                "from the server too: queue a save of every local record in it (after `forgetSystemFields()`).",
            ]),
            property("retrying", "[Failure]", [
                "Failures the engine retries by itself (network, `zoneBusy`, `requestRateLimited` with",
                "`retryAfterSeconds`, `serviceUnavailable`, …): nothing to do but wait.",
            ]),
            property("failed", "[Failure]", [
                "Failures nobody retries (`quotaExceeded`, `permissionFailure`, a zone not the schema's, …): the app",
                "decides — tell the user, or queue the change again once the cause is gone.",
            ]),
            property("unresolvedConflicts", "[UnresolvedConflict]", ["Conflicts the merge could not resolve (see `UnresolvedConflict`)."]),
            property("unreadable", "[UnreadableRecord]", ["Saved or merged records that do not read into their models."]),
            property("pendingRecordZoneChanges", "[CKSyncEngine.PendingRecordZoneChange]", [
                "What to queue again: `syncEngine.state.add(pendingRecordZoneChanges: outcome.pendingRecordZoneChanges)`.",
            ]),
            property("pendingDatabaseChanges", "[CKSyncEngine.PendingDatabaseChange]", [
                "The zones to create: `syncEngine.state.add(pendingDatabaseChanges: outcome.pendingDatabaseChanges)`.",
            ]),
            initializer,
            handleFailure,
            handleFailedDelete,
        ]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "SentChanges", members: members))
            .documented([
                "What a `CKSyncEngine` send gave, as a value the app applies: nothing is applied behind its back.",
            ]).attributed([SyncEngineTranslator.availability])
    }

    private var initializer: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [
                SwiftParameter(label: "_", name: "event", type: "CKSyncEngine.Event.SentRecordZoneChanges"),
                SwiftParameter(name: "unknownItem", type: "UnknownItemPolicy", defaultValue: ".recreate"),
            ],
            body: [
                "saved = event.savedRecords",
                "deleted = event.deletedRecordIDs",
                "for failure in event.failedRecordSaves { handle(failure.record, failure.error, unknownItem) }",
                "for (recordID, error) in event.failedRecordDeletes { handleDelete(recordID, error) }",
            ]
        )).documented([
            "Reads a `sentRecordZoneChanges` event; `unknownItem` says what to do with a record the server no longer has.",
        ])
    }

    private var handleFailure: SwiftDeclaration {
        return SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isMutating: true, kind: .function(name: "handle"),
            parameters: [SwiftParameter(label: "_", name: "record", type: "CKRecord"),
                         SwiftParameter(label: "_", name: "error", type: "CKError"),
                         SwiftParameter(label: "_", name: "unknownItem", type: "UnknownItemPolicy")],
            body: [
                "let id = AnyModelID(recordID: record.recordID, recordType: record.recordType)",
                "let failure = Failure(recordID: record.recordID, id: id, error: error)",
                "switch error.code {",
                "case .serverRecordChanged:",
                "    guard let resolution = \(namespace).resolveConflicts(in: error) else { return failed.append(failure) }",
                "    unresolvedConflicts += resolution.unresolved",
                "    for record in resolution.recordsToSave {",
                "        do {",
                "            var model = try AnyModel(record: record)",
                "            var written = Set(record.changedKeys())",
                "            written.formUnion(record.encryptedValues.changedKeys())",
                "            model.markChanged(written)",
                "            let fields = resolution.conflictedFields[record.recordID] ?? []",
                "            merged.append(MergedConflict(model: model, record: record, conflictedFields: fields))",
                "            pendingRecordZoneChanges.append(.saveRecord(record.recordID))",
                "        } catch {",
                "            unreadable.append(UnreadableRecord(record: record, error: error))",
                "        }",
                "    }",
                "case .zoneNotFound, .userDeletedZone:",
                "    let zoneID = record.recordID.zoneID",
                "    guard \(namespace).isRecordZone(zoneID) else { return failed.append(failure) }",
                "    if !zonesNotFound.contains(zoneID) {",
                "        zonesNotFound.append(zoneID)",
                "        pendingDatabaseChanges.append(.saveZone(CKRecordZone(zoneID: zoneID)))",
                "    }",
                "    recreated.append(id)",
                "    pendingRecordZoneChanges.append(.saveRecord(record.recordID))",
                "case .unknownItem:",
                "    switch unknownItem {",
                "    case .recreate:",
                "        recreated.append(id)",
                "        pendingRecordZoneChanges.append(.saveRecord(record.recordID))",
                "    case .deleteLocally:",
                "        deletedOnServer.append(id)",
                "    }",
                "case .batchRequestFailed:",
                "    // Not saved because another record of its atomic batch failed: send it again.",
                "    pendingRecordZoneChanges.append(.saveRecord(record.recordID))",
            ] + retriedCase + [
                "    retrying.append(failure)",
                "default:",
                "    failed.append(failure)",
                "}",
            ]
        )).documented(["Sorts one failed save."])
    }

    private var handleFailedDelete: SwiftDeclaration {
        return SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isMutating: true, kind: .function(name: "handleDelete"),
            parameters: [SwiftParameter(label: "_", name: "recordID", type: "CKRecord.ID"),
                         SwiftParameter(label: "_", name: "error", type: "CKError")],
            body: [
                "let failure = Failure(recordID: recordID, id: nil, error: error)",
                "switch error.code {",
                "case .unknownItem, .zoneNotFound, .userDeletedZone:",
                "    deleted.append(recordID)  // already gone",
                "case .batchRequestFailed:",
                "    pendingRecordZoneChanges.append(.deleteRecord(recordID))",
            ] + retriedCase + [
                "    retrying.append(failure)",
                "default:",
                "    failed.append(failure)",
                "}",
            ]
        )).documented(["Sorts one failed deletion."])
    }
}
