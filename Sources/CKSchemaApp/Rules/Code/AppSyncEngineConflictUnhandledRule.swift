package import CKSchemaCore

/// A CKSyncEngine whose failed saves are never checked for `.serverRecordChanged`.
package struct AppSyncEngineConflictUnhandledRule: AppRule {
    package static let description = RuleDescription(
        id: "app_sync_engine_conflict_unhandled", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app running CKSyncEngine should resolve `.serverRecordChanged` in `failedRecordSaves`.",
        rationale: """
            CKSyncEngine retries what it can, but a conflict is the app's to resolve: a save of a record another \
            device changed first comes back in the `.sentRecordZoneChanges` event's `failedRecordSaves` with \
            `.serverRecordChanged` and the server's record, to merge and queue again. Left alone, the local edit \
            is neither sent nor merged. Reported at `CKSyncEngine(…)` when no file that reads `failedRecordSaves` \
            handles `.serverRecordChanged`: names it, or calls a function the app declares (matched by name) whose \
            body handles it (a `case`, a comparison, a `catch … where`; not a `case` that only returns a message) \
            or calls one that does, two calls deep at most. How well it merges is not judged.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                final class Sync {
                    lazy var engine = ↓CKSyncEngine(configuration)
                    func handle(_ event: CKSyncEngine.Event.SentRecordZoneChanges) {
                        for failure in event.failedRecordSaves { print(failure.error) }
                    }
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                final class Sync {
                    lazy var engine = CKSyncEngine(configuration)
                    func handle(_ event: CKSyncEngine.Event.SentRecordZoneChanges) {
                        for failure in event.failedRecordSaves where failure.error.code == .serverRecordChanged {
                            merge(failure.error.serverRecord)
                        }
                    }
                }
                """),
            AppPracticeExampleText.app("""
                final class Sync {
                    lazy var engine = CKSyncEngine(configuration)
                    func handle(_ event: CKSyncEngine.Event.SentRecordZoneChanges) {
                        for failure in event.failedRecordSaves { SyncErrorRecovery.classify(failure) }
                    }
                }
                """, """
                enum SyncErrorRecovery {
                    static func classify(_ failure: CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave) {
                        switch failure.error.code {
                        case .serverRecordChanged: merge(failure.error.serverRecord)
                        default: requeue(failure.record)
                        }
                    }
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
