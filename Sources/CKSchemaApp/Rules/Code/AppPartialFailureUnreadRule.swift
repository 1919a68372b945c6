package import CKSchemaCore

/// `.partialFailure` handled without reading each item's error.
package struct AppPartialFailureUnreadRule: AppRule {
    package static let description = RuleDescription(
        id: "app_partial_failure_unread", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "Code that handles `.partialFailure` should read `partialErrorsByItemID`.",
        rationale: """
            A batch operation (`CKModifyRecordsOperation`, `modifyRecords`, a fetch of several records) that fails \
            for some items only reports `.partialFailure`; which items failed, and why (a conflict, a missing \
            zone, a limit), is in `partialErrorsByItemID`. Handling the error as a whole retries items that \
            succeeded and never resolves the ones that failed. Reported once per file that names `.partialFailure` \
            when no file of the app reads `partialErrorsByItemID` (or `userInfo[CKPartialErrorsByItemIDKey]`). Per-item \
            `Result`s of the async API need no `.partialFailure` branch and are not judged. When the app declares \
            an enum case `partialFailure` of its own, only a use that must be CloudKit's counts \
            (`CKError.partialFailure`, `CKError.Code.partialFailure`, a comparison with an error's `.code`, a \
            `case` of a `switch` over one); a case declaration never does.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func isRetryable(_ error: CKError) -> Bool {
                    error.code == .↓partialFailure || error.code == .networkFailure
                }
                """),
        ], nonTriggering: [
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
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
