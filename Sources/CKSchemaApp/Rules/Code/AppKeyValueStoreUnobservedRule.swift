package import CKSchemaCore

/// `NSUbiquitousKeyValueStore` without its change notification.
package struct AppKeyValueStoreUnobservedRule: AppRule {
    package static let description = RuleDescription(
        id: "app_key_value_store_unobserved", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app using `NSUbiquitousKeyValueStore` should observe `didChangeExternallyNotification`.",
        rationale: """
            iCloud key-value storage syncs in the background; the app learns that another device changed a value \
            (or that the quota was exceeded, or the account changed) only through \
            `NSUbiquitousKeyValueStore.didChangeExternallyNotification`. Without an observer the app keeps showing, \
            and may write back, stale values. Reported once per file at its first use when no file of the app \
            names the notification.
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func save(_ theme: String) { ↓NSUbiquitousKeyValueStore.default.set(theme, forKey: "theme") }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func save(_ theme: String) { NSUbiquitousKeyValueStore.default.set(theme, forKey: "theme") }
                func observe() {
                    NotificationCenter.default.addObserver(forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification,
                                                           object: nil, queue: .main) { _ in reload() }
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
