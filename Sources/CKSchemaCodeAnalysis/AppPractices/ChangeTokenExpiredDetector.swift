import CKSchemaApp

/// `app_change_token_expired_unhandled`: a change-token fetch (`CKFetchRecordZoneChangesOperation`,
/// `CKFetchDatabaseChangesOperation`, async `recordZoneChanges(inZoneWith:since:)` / `databaseChanges(since:)`)
/// in an app that names `.changeTokenExpired` nowhere. Silent for engine-managed sync (the engine resets tokens),
/// and for a fetch from a throwaway token (`ThrowawayChangeToken`): expiry cannot outlive that fetch.
enum ChangeTokenExpiredDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        guard !scan.isEngineManaged else { return [] }
        let fetches = scan.calls.filter { call in
            (call.constructs("CKFetchRecordZoneChangesOperation") || call.constructs("CKFetchDatabaseChangesOperation")
                || (call.receiver != nil && call.name == "recordZoneChanges" && call.firstLabel == "inZoneWith")
                || (call.receiver != nil && call.name == "databaseChanges" && call.firstLabel == "since"))
                && !ThrowawayChangeToken.isPassed(to: call)
        }
        return scan.evidence(.changeTokenExpiredHandled, whereNamed: "changeTokenExpired") + fetches.map { call in
            .practice(AppChangeTokenExpiredUnhandledRule.ruleID, unless: .changeTokenExpiredHandled,
                      at: scan.location(of: call.node),
                      "this change-token fetch has no '.changeTokenExpired' handling anywhere in the app: once the "
                        + "server expires the token, every fetch fails and sync stops for good; on that error, drop the "
                        + "saved token and fetch again from nil")
        }
    }
}
