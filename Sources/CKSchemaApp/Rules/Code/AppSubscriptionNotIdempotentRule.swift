package import CKSchemaCore

/// A subscription built without a `subscriptionID`.
package struct AppSubscriptionNotIdempotentRule: AppRule {
    package static let description = RuleDescription(
        id: "app_subscription_not_idempotent", kind: .app, category: .app, defaultSeverity: .error,
        summary: "A CloudKit subscription should have a fixed `subscriptionID`.",
        rationale: """
            `CKQuerySubscription`, `CKRecordZoneSubscription` and `CKDatabaseSubscription` built without \
            `subscriptionID:` get a random ID. Apps save their subscriptions at launch; with a random ID every save \
            adds one more subscription on the server, each sending its own push for the same change, until the \
            per-database limit is hit. With a fixed ID the save replaces the subscription. Silent for \
            engine-managed sync (the engine subscribes).
            """,
        examples: .app(triggering: [
            AppPracticeExampleText.app("""
                func subscribe(_ database: CKDatabase) async throws {
                    let subscription = ↓CKDatabaseSubscription()
                    _ = try await database.save(subscription)
                }
                """),
        ], nonTriggering: [
            AppPracticeExampleText.app("""
                func subscribe(_ database: CKDatabase) async throws {
                    let subscription = CKDatabaseSubscription(subscriptionID: "private-changes")
                    _ = try await database.save(subscription)
                }
                """),
        ]))

    package init() {}

    package func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.practices()
    }
}
