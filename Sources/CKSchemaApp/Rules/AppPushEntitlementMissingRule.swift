import CKSchemaCore

/// An app entitled to CloudKit without the push notification entitlement.
struct AppPushEntitlementMissingRule: AppRule {
    static let description = RuleDescription(
        id: "app_push_entitlement_missing", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app entitled to CloudKit should have the push entitlement (`aps-environment`; on macOS `com.apple.developer.aps-environment`).",
        rationale: """
            CloudKit tells an app about changes made elsewhere through push notifications: database and query \
            subscriptions, CKSyncEngine and NSPersistentCloudKitContainer all rely on them. The Push Notifications \
            capability adds `aps-environment` (iOS, iPadOS, tvOS, watchOS, visionOS) or \
            `com.apple.developer.aps-environment` (macOS). Without it, changes arrive only when the app fetches \
            them itself. When doctor read the app's Swift code, the finding names what relies on pushes, and an \
            app whose code shows none of it (it only fetches on demand) is not reported. Each target is judged on \
            the code it compiles on its platform (itself, through the frameworks it depends on, and files no \
            target's sources name), so a macOS app that only fetches is not judged by the iOS app's CKSyncEngine; \
            when the project does not say which target compiles what, on the whole app's code.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.services(marked: true),
                                          AppExampleText.containers("iCloud.com.example.Journal"))),
            AppExample([AppExampleText.project(AppExampleText.target(platform: "macOS", backgroundModes: nil)),
                        AppExampleText.entitlements(AppExampleText.services(marked: true),
                                                    AppExampleText.containers("iCloud.com.example.Journal"),
                                                    AppExampleText.push)]),
            AppExample(AppCodeExampleText.app("let container = NSPersistentCloudKitContainer(name: \"Journal\")\n",
                                              entitlements: AppExampleText.services(marked: true)
                                                + AppExampleText.containers("iCloud.com.example.Journal"))),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.push)),
            AppExample(AppCodeExampleText.app("let record = try await database.record(for: id)\n",
                                              entitlements: AppExampleText.cloudKit)),
            AppExample([AppExampleText.project(AppExampleText.target(type: "app-extension")),
                        AppExampleText.entitlements(AppExampleText.cloudKit)]),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.compactMap { signed in
            guard let target = signed.target, target.isApplication, signed.entitlements.usesCloudKit else { return nil }
            let code = context.code(of: target, on: signed.variant?.platform)
            guard !context.needsNoPush(code) else { return nil }
            let evidence = context.reliance(on: code)
            let entitlements = signed.entitlements
            let keys = signed.variant?.platform.map { [$0.pushEntitlement] }
                ?? [AppPlatform.iOS.pushEntitlement, AppPlatform.macOS.pushEntitlement]
            guard !keys.contains(where: { entitlements.entry($0) != nil }) else { return nil }
            let other = signed.variant?.platform == .macOS && entitlements.entry(AppPlatform.iOS.pushEntitlement) != nil
                ? " ('aps-environment' is the iOS key; macOS reads '\(AppPlatform.macOS.pushEntitlement)')" : ""
            return context.finding(
                "\(signed.owner) uses CloudKit but '\(entitlements.path)' has no '\(keys[0])'\(other): without push "
                    + "notifications, subscriptions and sync learn of other devices' changes only when the app fetches\(evidence); "
                    + "add the Push Notifications capability",
                at: entitlements.location(of: entitlements.entry(Entitlements.Key.services) != nil
                                          ? Entitlements.Key.services : Entitlements.Key.containers))
        }
    }
}
