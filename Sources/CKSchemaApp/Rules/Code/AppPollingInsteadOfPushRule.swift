package import CKSchemaCore

/// Fetching on a timer where CloudKit would push.
package struct AppPollingInsteadOfPushRule: AppRule {
    package static let description = RuleDescription(
        id: "app_polling_instead_of_push", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app should learn of CloudKit changes from pushes, not by fetching on a timer.",
        rationale: """
            CloudKit tells an app about changes: a database or zone subscription sends a silent push, and \
            CKSyncEngine schedules its own fetches. Fetching every few seconds instead spends battery and the \
            request quota (and gets the app throttled) yet still shows changes late. Reported: a repeating \
            `Timer` (`scheduledTimer(…repeats: true…)`, `Timer.publish(every:)`) whose statement fetches, and a \
            `Task.sleep` inside `while true` / `while !Task.isCancelled` that fetches; a fetch is a CloudKit read \
            or a call named `fetch…`, `sync…`, `refresh…`, `reload…`, `poll…`, `pull…` of a function that reads \
            from CloudKit (declared in the same file, its body must make a CloudKit read; declared in another \
            file, it is taken to), so a local database migration's loop is not polling. A `sleep` inside a \
            `catch` (a retry's back-off) is not polling. Silent for engine-managed sync, whose timers fetch local \
            stores; a timer that fetches for another reason is a false finding to silence.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func start() {
                    Task {
                        while !Task.isCancelled {
                            await fetchChanges()
                            try? await ↓Task.sleep(for: .seconds(30))
                        }
                    }
                }
                """),
            AppPracticeExampleText.app("""
                func start() {
                    timer = ↓Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in Task { await self.refreshEntries() } }
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func withRetry() async throws {
                    while true {
                        do { return try await fetchChanges() } catch { try await Task.sleep(for: .seconds(2)) }
                    }
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
