internal import CKSchemaCore

/// What the rules that judge code next to configuration ask of the project.
extension AppRuleContext {
    /// Every container the app's builds are entitled to (targets' and scripts'), in order, once each.
    var entitledContainers: [String] {
        var unique: [String] = []
        for signed in signed {
            for container in signed.entitlements.containers where !unique.contains(container.text) {
                unique.append(container.text)
            }
        }
        return unique
    }

    /// The code `target` compiles on `platform` (`AppProject.code(of:on:)`), as filtered once for this run.
    func code(of target: AppTarget, on platform: AppPlatform?) -> AppCodeFacts? {
        targetCode.code(of: target, on: platform, in: project)
    }

    /// The application targets' variants that sign with CloudKit entitlements, each with the code it compiles
    /// on its platform (the whole app's when the target's sources are not known).
    var cloudKitApplications: [(target: AppTarget, variant: AppVariant, entitlements: Entitlements, code: AppCodeFacts?)] {
        project.variants.compactMap { target, variant in
            guard target.isApplication, let entitlements = variant.entitlements, entitlements.usesCloudKit else { return nil }
            return (target, variant, entitlements, code(of: target, on: variant.platform))
        }
    }

    /// The variants known to compile `path` (their target's sources, or a dependency's, name it for the
    /// variant's platform) and signing with entitlements; empty when no target whose sources are known compiles it.
    func signedVariants(compiling path: String) -> [(target: AppTarget, variant: AppVariant, entitlements: Entitlements)] {
        guard project.isAttributed(path) else { return [] }
        return project.variants.compactMap { target, variant in
            guard target.sources != nil, let entitlements = variant.entitlements,
                  project.compiles(target, path, on: variant.platform) else { return nil }
            return (target, variant, entitlements)
        }
    }

    /// The sync styles and markers of `code` that make an app rely on CloudKit's pushes, with one place each, in
    /// a phrase: `CKSyncEngine (Sync.swift:3:18)`. Empty when the code was not read or shows none.
    func pushEvidence(_ code: AppCodeFacts?) -> [String] {
        guard let code else { return [] }
        var phrases: [String] = []
        let names: [SyncStyle: String] = [.syncEngine: "CKSyncEngine", .persistentCloudKitContainer: "NSPersistentCloudKitContainer",
                                          .swiftData: "SwiftData with CloudKit"]
        for style in [SyncStyle.syncEngine, .persistentCloudKitContainer, .swiftData] {
            if let use = code.syncStyles.first(where: { $0.style == style }), let name = names[style] {
                phrases.append("\(name) (\(use.location))")
            }
        }
        if let marker = code.markers.first(where: { $0.kind == .savesSubscription }) {
            phrases.append("a CKSubscription (\(marker.location))")
        }
        return phrases
    }

    /// ` (the code relies on them: CKSyncEngine (Sync.swift:3:18))`, or nothing when `code` shows no push evidence.
    func reliance(on code: AppCodeFacts?) -> String {
        let evidence = pushEvidence(code)
        return evidence.isEmpty ? "" : " (the code relies on them: \(evidence.joined(separator: ", ")))"
    }

    /// Whether `code` was read, issues raw CloudKit operations and shows nothing that waits for pushes (it only
    /// fetches): the push and background-mode rules are then silent for the target compiling it. Code that
    /// shows no CloudKit use at all (a wrapper library, code not scanned) says nothing either way.
    func needsNoPush(_ code: AppCodeFacts?) -> Bool {
        guard let code else { return false }
        return code.syncStyles.contains { $0.style == .rawOperations } && pushEvidence(code).isEmpty
    }

    /// `the macOS target 'JournalMac'`, or `the target 'Journal'` when the platform is not known.
    static func targetPhrase(_ target: AppTarget, on platform: AppPlatform?) -> String {
        (platform.map { "the \($0.rawValue) target" } ?? "the target") + " '\(target.name)'"
    }
}
