package import CKSchemaCore

/// A CKSyncEngine whose state serialization is never kept.
package struct AppSyncEngineStateNotPersistedRule: AppRule {
    package static let description = RuleDescription(
        id: "app_sync_engine_state_not_persisted", kind: .app, category: .app, defaultSeverity: .error,
        summary: "An app running CKSyncEngine should save the `stateSerialization` of each `.stateUpdate` event.",
        rationale: """
            CKSyncEngine keeps its change tokens, subscriptions and pending changes in a state it hands to the \
            delegate in the `.stateUpdate` event; the app must store it and pass it back through \
            `CKSyncEngine.Configuration(stateSerialization:)` at the next launch. An engine whose state is never \
            saved starts from nothing each time: a full fetch at every launch, and pending changes lost when the \
            app quits. Reported at `CKSyncEngine(…)` when no code reads or writes a `.stateSerialization` other than \
            the configuration's argument; where the state is written, and whether that storage lasts, is not judged.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                final class Sync: CKSyncEngineDelegate {
                    lazy var engine = ↓CKSyncEngine(CKSyncEngine.Configuration(database: CKContainer.default().privateCloudDatabase, stateSerialization: nil, delegate: self))
                    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {}
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                final class Sync: CKSyncEngineDelegate {
                    var state: CKSyncEngine.State.Serialization?
                    lazy var engine = CKSyncEngine(CKSyncEngine.Configuration(database: CKContainer.default().privateCloudDatabase, stateSerialization: state, delegate: self))
                    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
                        if case .stateUpdate(let update) = event { state = update.stateSerialization; save() }
                    }
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
