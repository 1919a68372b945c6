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
            Info.plist). Without it, changes made on other devices wait until the app is opened. Doctor judges \
            this without reading code, for every app with CloudKit entitlements, hence a warning: an app that \
            never subscribes needs no background mode. Telling from the code whether the app subscribes or runs \
            CKSyncEngine is future work. macOS apps have no background modes.
            """,
        examples: .app(triggering: [
            AppExample([AppExampleText.project(AppExampleText.target(backgroundModes: "[audio]", markModes: true)),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push)]),
        ], nonTriggering: [
            AppExample([AppExampleText.project(AppExampleText.target()),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push)]),
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
            let source = variant.infoPlist == "generated" ? "its generated Info.plist" : "'\(variant.infoPlist ?? "Info.plist")'"
            return context.finding(
                "the target '\(target.name)' uses CloudKit but \(source) has no 'remote-notification' in "
                    + "'UIBackgroundModes': CloudKit's silent pushes do not reach it in the background; add Background "
                    + "Modes → Remote notifications",
                at: variant.infoPlistLocation ?? variant.entitlementsSetting ?? target.location)
        }
    }
}
