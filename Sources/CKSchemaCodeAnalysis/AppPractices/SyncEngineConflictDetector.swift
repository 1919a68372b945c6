import CKSchemaApp

/// `app_sync_engine_conflict_unhandled`: a `CKSyncEngine` built in an app where no file that reads the
/// `.sentRecordZoneChanges` event's `failedRecordSaves` names `.serverRecordChanged`: a record another device
/// changed first is then never merged, and the local edit stays unsent or is lost. The file also handles it when
/// it calls a function the module declares whose body handles the code, or calls one that does, two calls deep
/// at most (`ConflictHandlers`: moolah hands the failures to `SyncErrorRecovery.classify` in another file).
enum SyncEngineConflictDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        var found: [AppCodeFinding] = []
        if let read = scan.identifiers["failedRecordSaves"],
           scan.identifiers["serverRecordChanged"] != nil || scan.calls.contains(where: { scan.moduleConflictHandlers.contains($0.name) }) {
            found.append(AppPracticeEvidence.engineConflictsHandled.finding(at: scan.location(at: read)))
        }
        return found + scan.calls.filter { $0.constructs("CKSyncEngine") }.map { call in
            .practice(AppSyncEngineConflictUnhandledRule.ruleID, unless: .engineConflictsHandled,
                      at: scan.location(of: call.node),
                      "this CKSyncEngine's failed saves are never checked for '.serverRecordChanged': when another "
                        + "device changed a record first, the local edit is neither merged nor sent again; in "
                        + "'.sentRecordZoneChanges', merge into the error's 'serverRecord' and re-queue the save")
        }
    }
}
