package import CKSchemaCore

/// Throttling errors handled without waiting `retryAfterSeconds`.
package struct AppRetryAfterIgnoredRule: AppRule {
    package static let description = RuleDescription(
        id: "app_retry_after_ignored", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "Code that retries CloudKit's throttling errors should wait `retryAfterSeconds`.",
        rationale: """
            `.requestRateLimited`, `.zoneBusy` and `.serviceUnavailable` come with the delay the server wants \
            (`CKError.retryAfterSeconds`, `CKErrorRetryAfterKey` in `userInfo`). A retry before it fails again and \
            can extend the throttling; a fixed or exponential back-off of its own guesses. Reported once per file \
            that names one of those codes, when no file of the app reads `retryAfterSeconds`; whether the delay is \
            really waited is not judged. Silent for engine-managed sync (the engine retries).
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func shouldRetry(_ error: CKError) -> Bool {
                    [.↓zoneBusy, .requestRateLimited].contains(error.code)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func delay(_ error: CKError) -> TimeInterval? {
                    [.zoneBusy, .requestRateLimited].contains(error.code) ? error.retryAfterSeconds ?? 3 : nil
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
