import CKSchemaCore

/// A CloudKit app without `remote-notification` in `UIBackgroundModes`.
struct AppBackgroundModeMissingRule: AppRule {
    static let description = RuleDescription(
        id: "app_background_mode_missing", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An iOS, tvOS, watchOS or visionOS app entitled to CloudKit should list `remote-notification` in `UIBackgroundModes`.",
        rationale: """
            CloudKit's change notifications are silent pushes; the system delivers them to an app in the \
            background only when its Info.plist lists `remote-notification` under `UIBackgroundModes` (Xcode: \
            Background Modes → Remote notifications; or `INFOPLIST_KEY_UIBackgroundModes` for a generated \
            Info.plist). Without it, changes made on other devices wait until the app is opened. When doctor read \
            the app's Swift code, the finding names what relies on the pushes (a CKSubscription the code saves, \
            CKSyncEngine, NSPersistentCloudKitContainer, SwiftData with CloudKit), and an app whose code shows \
            none of them (it only fetches) is not reported; without the code, every app with CloudKit \
            entitlements is judged, hence a warning. Each target is judged on the code it compiles on its platform \
            (itself, through the frameworks it depends on, and files no target's sources name); when the project \
            does not say which target compiles what, on the whole app's code. macOS apps have no background modes.
            """,
        examples: .app(triggering: [
            AppExample([AppExampleText.project(AppExampleText.target(backgroundModes: "[audio]", markModes: true)),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push)]),
            AppExample([AppExampleText.project(AppExampleText.target(backgroundModes: "[audio]", markModes: true)),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push),
                        AppCodeExampleText.swift("let engine = CKSyncEngine(configuration)\n")]),
        ], nonTriggering: [
            AppExample([AppExampleText.project(AppExampleText.target()),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push)]),
            AppExample([AppExampleText.project(AppExampleText.target(backgroundModes: "[audio]")),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push),
                        AppCodeExampleText.swift("let records = try await database.records(matching: query)\n")]),
            AppExample([AppExampleText.project(AppExampleText.target(platform: "macOS", backgroundModes: nil)),
                        AppExampleText.entitlements(AppExampleText.cloudKit,
                                                    AppExampleText.entry("com.apple.developer.aps-environment",
                                                                         "<string>development</string>"))]),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.project.variants.compactMap { target, variant in
            guard target.isApplication, let entitlements = variant.entitlements, entitlements.usesCloudKit,
                  variant.platform?.hasBackgroundModes ?? false, let modes = variant.backgroundModes,
                  !modes.contains("remote-notification") else { return nil }
            let code = context.code(of: target, on: variant.platform)
            guard !context.needsNoPush(code) else { return nil }
            let evidence = context.reliance(on: code)
            let source = variant.infoPlist == "generated" ? "its generated Info.plist" : "'\(variant.infoPlist ?? "Info.plist")'"
            return context.finding(
                "the target '\(target.name)' uses CloudKit but \(source) has no 'remote-notification' in "
                    + "'UIBackgroundModes': CloudKit's silent pushes do not reach it in the background\(evidence); add Background "
                    + "Modes → Remote notifications",
                at: variant.infoPlistLocation ?? variant.entitlementsSetting ?? target.location)
        }
    }
}
