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
            count. Each application target is judged on the code it compiles (itself, through the frameworks it \
            depends on, and files no target's sources name): a subscription the iOS app saves is not answered by \
            the macOS app's registration. When the project does not say which target compiles what, \
            registration anywhere in the scanned code counts.
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
        let applications = context.project.targets.filter(\.isApplication)
        guard applications.contains(where: { $0.sources != nil }) else {
            return Self.unregistered(context.project.code, context).map { [$0] } ?? []
        }
        var findings: [Diagnostic] = []
        for target in applications {
            var platforms: [AppPlatform?] = []
            for platform in target.variants.map(\.platform) where !platforms.contains(platform) { platforms.append(platform) }
            for platform in platforms.isEmpty ? [nil] : platforms {
                let phrase = AppRuleContext.targetPhrase(target, on: platform)
                if let finding = Self.unregistered(context.project.code(of: target, on: platform), context, compiledBy: phrase) {
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// The finding for `code` that saves a subscription and never registers, at the first subscription.
    private static func unregistered(_ code: AppCodeFacts?, _ context: AppRuleContext,
                                     compiledBy target: String? = nil) -> Diagnostic? {
        guard let code, !code.markers.contains(where: { $0.kind == .registersForRemoteNotifications }),
              let saved = code.markers.first(where: { $0.kind == .savesSubscription }) else { return nil }
        let subject = target.map { "the code \($0) compiles" } ?? "the code"
        return context.finding(
            "\(subject) saves a CKSubscription but never calls registerForRemoteNotifications(): its pushes do not reach "
                + "the app, which learns of changes only when it fetches; register at launch",
            at: saved.location)
    }
}
