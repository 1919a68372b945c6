internal import CKSchemaCore

/// The table doctor prints before its findings: one row per target variant (and per signing script) that a
/// person reads at a glance — platform, bundle ID, containers (✓ entitled, ✗ named by ckschema.yaml or the
/// code but not entitled; where the code names each), environment (pinned or default), push, background
/// mode, sharing (`CKSharingSupported`), how the code syncs. SYNC, SHARING and where the code names each container
/// are of the code the target compiles on the variant's platform (`AppProject.code(of:on:)`: the whole app's when
/// the project does not say which target compiles what); SYNC is shown on each application target with CloudKit.
package enum DoctorSummary {
    package static func table(_ project: AppProject) -> String {
        let configured = project.configuredContainer?.id
        let code = project.code
        let sync = code.map(syncStyles) ?? "?"
        let shares = sharing(code)
        var rows: [[String]] = [["TARGET", "PLATFORM", "BUNDLE ID", "CONTAINERS", "ENVIRONMENT", "PUSH", "BACKGROUND",
                                 "SHARING", "SYNC"]]
        for (target, variant) in project.variants {
            let own = project.code(of: target, on: variant.platform)
            rows.append(row(target, variant, code: own, sync: own.map(syncStyles) ?? "?", shares: sharing(own)))
        }
        for signing in project.signings {
            rows.append(row(signing, code: code, sync: sync))
        }
        var entitled = Set<String>()
        for (_, variant) in project.variants {
            entitled.formUnion(variant.entitlements?.containers.map(\.text) ?? [])
        }
        for signing in project.signings {
            entitled.formUnion(signing.entitlements?.containers.map(\.text) ?? [])
        }
        if let configured, !entitled.contains(configured) {
            rows.append(["ckschema.yaml", "-", "-", "✗ \(configured)", "-", "-", "-", "-", "-"])
        }
        if let code {
            let unentitled = named(code).filter { !entitled.contains($0.key) }
            if !unentitled.isEmpty || project.targets.isEmpty {
                let list = unentitled.map { "✗ \($0.key) (\(place($0.value)))" }.joined(separator: ", ")
                rows.append(["Swift code", "-", "-", list.isEmpty ? "-" : list, "-", "-", "-", shares ? "shares" : "-", sync])
            }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// One target variant's row.
    private static func row(_ target: AppTarget, _ variant: AppVariant, code: AppCodeFacts?, sync: String,
                            shares: Bool) -> [String] {
        let configurations: String = Set(target.variants.map(\.configurations)).count > 1
            ? " (\(variant.configurations.joined(separator: ", ")))" : ""
        let entitlements: Entitlements? = variant.entitlements
        let push: String
        if !target.isApplication {
            push = "-"
        } else if let entitlements {
            let keys: [String] = variant.platform.map { [$0.pushEntitlement] }
                ?? [AppPlatform.iOS.pushEntitlement, AppPlatform.macOS.pushEntitlement]
            push = keys.compactMap { entitlements.root[$0]?.string }.first ?? "✗"
        } else {
            push = "-"
        }
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
        let cloudKitApp: Bool = target.isApplication && entitlements?.usesCloudKit == true
        let sharing: String = switch (target.isApplication, variant.sharingSupported) {
        case (false, _): "-"
        case (true, true?): "✓"
        case (true, false?): shares ? "✗" : "-"
        case (true, nil): "?"
        }
        return [target.name + configurations, variant.platform?.rawValue ?? "?", variant.bundleID ?? "?",
                containers(entitlements, code: code), environment(entitlements), push, background, sharing,
                cloudKitApp ? sync : "-"]
    }

    /// One `codesign` call's row.
    private static func row(_ signing: ScriptSigning, code: AppCodeFacts?, sync: String) -> [String] {
        let push: String = signing.entitlements.map { $0.root[AppPlatform.macOS.pushEntitlement]?.string ?? "✗" } ?? "-"
        let signed: String = signing.entitlements?.usesCloudKit == true ? sync : "-"
        return ["codesign \(signing.location.file):\(signing.location.line)", "macOS", "-",
                containers(signing.entitlements, code: code), environment(signing.entitlements), push, "n/a", "-", signed]
    }

    /// `✓ iCloud.com.example.App (Sync.swift:12)`, each container entitled, with where the code names it; `-`
    /// without entitlements, `none` without containers.
    private static func containers(_ entitlements: Entitlements?, code: AppCodeFacts?) -> String {
        guard let entitlements else { return "-" }
        let inCode = code.map(namedPlaces) ?? [:]
        let list = entitlements.containers.map { container in
            "✓ \(container.text)" + (inCode[container.text].map { " (\(place($0)))" } ?? "")
        }
        return list.isEmpty ? "none" : list.joined(separator: ", ")
    }

    /// Each container the code names → the places, in the order read.
    private static func named(_ code: AppCodeFacts) -> [(key: String, value: [SourceLocation])] {
        var order: [String] = []
        var places: [String: [SourceLocation]] = [:]
        for container in code.containers {
            if places[container.identifier] == nil { order.append(container.identifier) }
            places[container.identifier, default: []].append(container.location)
        }
        return order.map { ($0, places[$0] ?? []) }
    }

    private static func namedPlaces(_ code: AppCodeFacts) -> [String: [SourceLocation]] {
        Dictionary(named(code), uniquingKeysWith: { first, _ in first })
    }

    /// `Sync.swift:12`, or `Sync.swift:12 +2` when the code names it in three places.
    private static func place(_ locations: [SourceLocation]) -> String {
        guard let first = locations.first else { return "" }
        let name = first.file.split(separator: "/").last.map(String.init) ?? first.file
        return "\(name):\(first.line)" + (locations.count > 1 ? " +\(locations.count - 1)" : "")
    }

    /// Whether the code creates or accepts shares.
    private static func sharing(_ code: AppCodeFacts?) -> Bool {
        code?.markers.contains { $0.kind == .createsShare || $0.kind == .acceptsShare } ?? false
    }

    /// How the code syncs: `CKSyncEngine, raw operations`; `none` when it shows no sync.
    private static func syncStyles(_ code: AppCodeFacts) -> String {
        let names: [SyncStyle: String] = [.rawOperations: "raw operations", .syncEngine: "CKSyncEngine",
                                          .persistentCloudKitContainer: "Core Data", .swiftData: "SwiftData"]
        let used = Set(code.syncStyles.map(\.style))
        let list = SyncStyle.allCases.filter(used.contains).compactMap { names[$0] }
        return list.isEmpty ? "none" : list.joined(separator: ", ")
    }

    /// `Production (pinned)`, or `default` (the provisioning profile's).
    private static func environment(_ entitlements: Entitlements?) -> String {
        guard let entitlements, entitlements.usesCloudKit else { return "-" }
        guard let entry = entitlements.entry(Entitlements.Key.environment) else { return "default (profile)" }
        return entry.value.string.map { "\($0) (pinned)" } ?? "invalid"
    }
}
