import CKSchemaCore

/// Two targets share a container; one pins it to Production and the other does not.
struct AppEnvironmentSplitRule: AppRule {
    static let description = RuleDescription(
        id: "app_environment_split", kind: .app, category: .app, defaultSeverity: .error,
        summary: "Targets (or one target's platforms) that share a container must pin the same CloudKit environment, or none of them.",
        rationale: """
            Without `com.apple.developer.icloud-container-environment`, the environment follows the provisioning \
            profile: a development-signed build uses Development. A target that pins `Production` uses \
            Production even when development-signed. When an app and its extension (or the iOS and macOS apps) \
            share a container and only one pins it, both sync — into different databases, and each sees none of \
            the other's records. Pin the same value in both, or in neither.
            """,
        examples: .app(triggering: [
            AppExample([
                AppExampleText.project(AppExampleText.target(),
                                       AppExampleText.target("JournalMac", platform: "macOS", bundleID: "com.example.Journal.mac",
                                                             entitlements: "JournalMac/JournalMac.entitlements",
                                                             backgroundModes: nil)),
                AppExampleText.entitlements(AppExampleText.services(),
                                            AppExampleText.containers("iCloud.com.example.Journal", marked: true),
                                            AppExampleText.push),
                AppExampleText.entitlements(at: "JournalMac/JournalMac.entitlements", [
                    AppExampleText.cloudKit,
                    AppExampleText.entry(Entitlements.Key.environment, "<string>Production</string>"),
                    AppExampleText.entry("com.apple.developer.aps-environment", "<string>production</string>")]),
            ]),
        ], nonTriggering: [
            AppExample([
                AppExampleText.project(AppExampleText.target(),
                                       AppExampleText.target("JournalMac", platform: "macOS", bundleID: "com.example.Journal.mac",
                                                             entitlements: "JournalMac/JournalMac.entitlements",
                                                             backgroundModes: nil)),
                AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push),
                AppExampleText.entitlements(at: "JournalMac/JournalMac.entitlements", [
                    AppExampleText.cloudKit,
                    AppExampleText.entry("com.apple.developer.aps-environment", "<string>production</string>")]),
            ]),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        let signed = context.signed.filter { $0.target != nil }
        var findings: [Diagnostic] = []
        for pinned in signed where pinned.entitlements.environment == "Production" {
            for container in pinned.entitlements.containers {
                // Another target, or the same target on another platform (a multiplatform target whose
                // `[sdk=macosx*]` entitlements pin and whose iOS ones do not); not another configuration of the
                // same target and platform (Debug unpinned beside Release pinned is meant).
                for other in signed where (other.target?.name != pinned.target?.name
                                           || other.variant?.platform != pinned.variant?.platform)
                    && other.entitlements.environment != "Production"
                    && other.entitlements.containers.contains(where: { $0.text == container.text }) {
                    let unpinned = other.entitlements
                    let environment = unpinned.environment.map { "pins '\($0)'" } ?? "does not pin an environment"
                    findings.append(context.finding(
                        "\(other.owner) shares '\(container.text)' with \(pinned.owner) but \(environment), while "
                            + "\(pinned.owner) pins 'Production': development-signed builds of the two sync into "
                            + "different databases; pin the same environment in both, or in neither",
                        at: unpinned.location(of: Entitlements.Key.containers),
                        notes: [Note("pinned to Production here", at: pinned.entitlements.location(of: Entitlements.Key.environment))]))
                }
            }
        }
        return findings
    }
}
