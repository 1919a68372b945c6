package import CKSchemaCore

/// Change-token fetches with no `.changeTokenExpired` branch anywhere.
package struct AppChangeTokenExpiredUnhandledRule: AppRule {
    package static let description = RuleDescription(
        id: "app_change_token_expired_unhandled", kind: .app, category: .app, defaultSeverity: .error,
        summary: "An app that fetches changes with a server change token should handle `.changeTokenExpired`.",
        rationale: """
            `CKFetchRecordZoneChangesOperation`, `CKFetchDatabaseChangesOperation` and their async forms \
            (`recordZoneChanges(inZoneWith:since:)`, `databaseChanges(since:)`) resume from a saved token. The \
            server can expire it (after a long time offline, a zone reset); every fetch from it then fails with \
            `.changeTokenExpired`, and an app that keeps the old token stops syncing for good. The fix is to drop \
            the token and fetch from nil. Reported at each such fetch when no file of the app names \
            `.changeTokenExpired`; whether that branch really resets the token is not judged. A fetch from `nil`, or \
            from a local `var` that starts at `nil` and is only passed to the fetch and overwritten with the next \
            page's token, keeps nothing an expiry could break and is not reported. Silent for \
            engine-managed sync (CKSyncEngine, NSPersistentCloudKitContainer, SwiftData keep their own tokens).
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func changes(_ database: CKDatabase, token: CKServerChangeToken?) {
                    let operation = ↓CKFetchDatabaseChangesOperation(previousServerChangeToken: token)
                    database.add(operation)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func changes(_ database: CKDatabase, zone: CKRecordZone.ID, token: CKServerChangeToken?) async throws {
                    do {
                        _ = try await database.recordZoneChanges(inZoneWith: zone, since: token)
                    } catch let error as CKError where error.code == .changeTokenExpired {
                        try await changes(database, zone: zone, token: nil)
                    }
                }
                """),
            AppPracticeExampleText.app("""
                func everything(_ database: CKDatabase, zone: CKRecordZone.ID) async throws {
                    var token: CKServerChangeToken? = nil
                    var more = true
                    while more {
                        let changes = try await database.recordZoneChanges(inZoneWith: zone, since: token)
                        token = changes.changeToken
                        more = changes.moreComing
                    }
                }
                """),
            AppPracticeExampleText.app("""
                let engine = CKSyncEngine(configuration)
                func oneOff(_ database: CKDatabase) { database.add(CKFetchDatabaseChangesOperation(previousServerChangeToken: nil)) }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
