internal import CKSchemaCore

/// The table doctor prints before its findings: one row per target variant (and per signing script) that a
/// person reads at a glance — platform, bundle ID, containers (✓ entitled, ✗ named by ckschema.yaml but not
/// entitled), environment (pinned or default), push, background mode.
package enum DoctorSummary {
    package static func table(_ project: AppProject) -> String {
        let configured = project.configuredContainer?.id
        var rows: [[String]] = [["TARGET", "PLATFORM", "BUNDLE ID", "CONTAINERS", "ENVIRONMENT", "PUSH", "BACKGROUND"]]
        for (target, variant) in project.variants {
            let configurations = Set(target.variants.map(\.configurations)).count > 1
                ? " (\(variant.configurations.joined(separator: ", ")))" : ""
            let entitlements = variant.entitlements
            let push = !target.isApplication ? "-" : entitlements.map { entitlements in
                let keys = variant.platform.map { [$0.pushEntitlement] }
                    ?? [AppPlatform.iOS.pushEntitlement, AppPlatform.macOS.pushEntitlement]
                return keys.compactMap { entitlements.root[$0]?.string }.first ?? "✗"
            } ?? "-"
            let background: String
            if !target.isApplication {
                background = "-"
            } else if !(variant.platform?.hasBackgroundModes ?? true) {
                background = "n/a"
            } else if let modes = variant.backgroundModes {
                background = modes.contains("remote-notification") ? "✓ remote-notification" : "✗"
            } else {
                background = "?"
            }
            rows.append([target.name + configurations, variant.platform?.rawValue ?? "?", variant.bundleID ?? "?",
                         containers(entitlements, configured: configured), environment(entitlements), push, background])
        }
        for signing in project.signings {
            rows.append(["codesign \(signing.location.file):\(signing.location.line)", "macOS", "-",
                         containers(signing.entitlements, configured: configured), environment(signing.entitlements),
                         signing.entitlements.map { $0.root[AppPlatform.macOS.pushEntitlement]?.string ?? "✗" } ?? "-", "n/a"])
        }
        if let configured, !project.variants.contains(where: { $0.variant.entitlements?.containers.contains { $0.text == configured } ?? false }),
           !project.signings.contains(where: { $0.entitlements?.containers.contains { $0.text == configured } ?? false }) {
            rows.append(["ckschema.yaml", "-", "-", "✗ \(configured)", "-", "-", "-"])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `✓ iCloud.com.example.App`, each container entitled; `-` without entitlements, `none` without containers.
    private static func containers(_ entitlements: Entitlements?, configured: String?) -> String {
        guard let entitlements else { return "-" }
        let list = entitlements.containers.map { "✓ \($0.text)" }
        return list.isEmpty ? "none" : list.joined(separator: ", ")
    }

    /// `Production (pinned)`, or `default` (the provisioning profile's).
    private static func environment(_ entitlements: Entitlements?) -> String {
        guard let entitlements, entitlements.usesCloudKit else { return "-" }
        guard let entry = entitlements.entry(Entitlements.Key.environment) else { return "default (profile)" }
        return entry.value.string.map { "\($0) (pinned)" } ?? "invalid"
    }
}
