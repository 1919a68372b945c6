package import CKSchemaCore

/// `.partialFailure` handled, or an async batch call's per-item results discarded, without reading each item's error.
package struct AppPartialFailureUnreadRule: AppRule {
    package static let description = RuleDescription(
        id: "app_partial_failure_unread", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "Code that handles `.partialFailure`, or calls an async batch method, should read each item's error.",
        rationale: """
            A batch operation (`CKModifyRecordsOperation`, `modifyRecords`, a fetch of several records) that fails \
            for some items only reports `.partialFailure`; which items failed, and why (a conflict, a missing \
            zone, a limit), is in `partialErrorsByItemID`. Handling the error as a whole retries items that \
            succeeded and never resolves the ones that failed. Reported once per file that names `.partialFailure` \
            when no file of the app reads `partialErrorsByItemID` (or `userInfo[CKPartialErrorsByItemIDKey]`). When \
            the app declares an enum case `partialFailure` of its own, only a use that must be CloudKit's counts \
            (`CKError.partialFailure`, `CKError.Code.partialFailure`, a comparison with an error's `.code`, a \
            `case` of a `switch` over one); a case declaration never does. An app that issues no batch operation \
            anywhere (single-record calls, queries, `CKSyncEngine`, which reports each record itself) never \
            receives the code: its `.partialFailure` (a switch mapping every code to a message) is not reported. \
            The async batch calls need no \
            `.partialFailure` branch, but are the same mistake in another form: Apple documents that \
            `modifyRecordZones(saving:deleting:)` and `modifySubscriptions(saving:deleting:)` throw only when the \
            request fails (no network, no account) and otherwise return \"any individual\" item's error in their \
            `saveResults` / `deleteResults`, and that `modifyRecords(saving:deleting:savePolicy:atomically:)` \
            throws for a refused record only when `atomically` is true, which applies only in zones with the \
            atomic capability (the default zone has none). Reported too: such a call whose returned results are \
            discarded (`_ =`, a bare statement that is not its function's or closure's value) or bound to a name \
            never read again — a `modifyRecordZones`, a `modifySubscriptions`, and a `modifyRecords` with \
            `atomically: false` or saving a record the same function builds in the default zone. An atomic \
            `modifyRecords` into a custom zone (or one whose zone the code does not show) fails whole and is not \
            reported; results that are read are not judged.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func isRetryable(_ error: CKError) -> Bool {
                    error.code == .↓partialFailure || error.code == .networkFailure
                }
                let fetch = CKFetchRecordsOperation(recordIDs: [CKRecord.ID(recordName: "today")])
                """),
            AppPracticeExampleText.app("""
                func createZone(_ database: CKDatabase) async throws {
                    _ = try await ↓database.modifyRecordZones(saving: [CKRecordZone(zoneName: "Journal")], deleting: [])
                    UserDefaults.standard.set(true, forKey: "zoneCreated")
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                // No batch operation anywhere: CloudKit never answers this app with .partialFailure.
                func message(for error: CKError) -> String {
                    switch error.code {
                    case .partialFailure: return "Some items could not be saved"
                    default: return error.localizedDescription
                    }
                }
                """),
            AppPracticeExampleText.app("""
                func failures(_ error: CKError) -> [AnyHashable: Error] {
                    error.code == .partialFailure ? error.partialErrorsByItemID ?? [:] : [:]
                }
                """),
            AppPracticeExampleText.app("""
                enum Outcome { case success, partialFailure(failed: Int), failure }
                func outcome(failed: Int, of total: Int) -> Outcome {
                    failed == 0 ? .success : failed < total ? .partialFailure(failed: failed) : .failure
                }
                """),
            AppPracticeExampleText.app("""
                func failures(_ error: CKError) -> [AnyHashable: Error] {
                    guard error.code == .partialFailure else { return [:] }
                    return error.userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: Error] ?? [:]
                }
                """),
            AppPracticeExampleText.app("""
                func createZone(_ database: CKDatabase) async throws {
                    let zone = CKRecordZone(zoneName: "Journal")
                    let (saved, _) = try await database.modifyRecordZones(saving: [zone], deleting: [])
                    _ = try saved[zone.zoneID]?.get()
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
