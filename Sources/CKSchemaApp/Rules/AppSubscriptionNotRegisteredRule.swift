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
            return Self.firstUnregistered(context.project.code).map { [Self.finding(at: $0, by: [], context)] } ?? []
        }
        // Each subscription's place, with the targets whose code saves it there and never registers: one finding each.
        var places: [(location: SourceLocation, targets: [String])] = []
        for target in applications {
            var platforms: [AppPlatform?] = []
            for platform in target.variants.map(\.platform) where !platforms.contains(platform) { platforms.append(platform) }
            for platform in platforms.isEmpty ? [nil] : platforms {
                guard let saved = Self.firstUnregistered(context.code(of: target, on: platform)) else { continue }
                let phrase = AppRuleContext.targetPhrase(target, on: platform)
                if let index = places.firstIndex(where: { $0.location == saved }) {
                    places[index].targets.append(phrase)
                } else {
                    places.append((saved, [phrase]))
                }
            }
        }
        return places.map { Self.finding(at: $0.location, by: $0.targets, context) }
    }

    /// The first subscription `code` saves when it never registers for remote notifications.
    private static func firstUnregistered(_ code: AppCodeFacts?) -> SourceLocation? {
        guard let code, !code.markers.contains(where: { $0.kind == .registersForRemoteNotifications }) else { return nil }
        return code.markers.first { $0.kind == .savesSubscription }?.location
    }

    /// The finding at `location`, naming the targets whose code it is (none: the whole app's code).
    private static func finding(at location: SourceLocation, by targets: [String], _ context: AppRuleContext) -> Diagnostic {
        let subject = targets.isEmpty ? "the code" : "the code " + Self.list(targets) + " compile" + (targets.count == 1 ? "s" : "")
        return context.finding(
            "\(subject) saves a CKSubscription but never calls registerForRemoteNotifications(): its pushes do not reach "
                + "the app, which learns of changes only when it fetches; register at launch",
            at: location)
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
