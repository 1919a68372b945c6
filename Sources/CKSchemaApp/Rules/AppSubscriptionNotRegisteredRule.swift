import CKSchemaCore

/// The code saves CKSubscriptions but never registers for remote notifications.
struct AppSubscriptionNotRegisteredRule: AppRule {
    static let description = RuleDescription(
        id: "app_subscription_not_registered", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app that saves its own `CKSubscription`s should call `registerForRemoteNotifications()`.",
        rationale: """
            A query, zone or database subscription tells the server to push when records change; the push reaches \
            the app only once it has registered for remote notifications (`UIApplication.shared.registerForRemoteNotifications()`, \
            or `NSApplication`'s on macOS), silent pushes included. An app that saves subscriptions and never \
            registers learns of other devices' changes only when it fetches. CKSyncEngine, \
            NSPersistentCloudKitContainer and SwiftData register themselves, so only subscriptions the code builds \
            count. Registration anywhere in the scanned code counts, wherever it runs.
            """,
        examples: .app(triggering: [
            AppExample(AppCodeExampleText.app("let subscription = ↓CKDatabaseSubscription(subscriptionID: \"changes\")\n")),
        ], nonTriggering: [
            AppExample(AppCodeExampleText.app("""
                let subscription = CKDatabaseSubscription(subscriptionID: "changes")
                func launched() { UIApplication.shared.registerForRemoteNotifications() }
                """)),
            AppExample(AppCodeExampleText.app("let engine = CKSyncEngine(configuration)\n")),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        guard let code = context.project.code, !code.markers.contains(where: { $0.kind == .registersForRemoteNotifications }),
              let saved = code.markers.first(where: { $0.kind == .savesSubscription }) else { return [] }
        return [context.finding(
            "the code saves a CKSubscription but never calls registerForRemoteNotifications(): its pushes do not reach "
                + "the app, which learns of changes only when it fetches; register at launch",
            at: saved.location)]
    }
}
