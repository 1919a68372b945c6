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

    /// The application targets' variants that sign with CloudKit entitlements: those the code's facts are
    /// judged against (which target compiles which file is not read).
    var cloudKitApplications: [(target: AppTarget, variant: AppVariant, entitlements: Entitlements)] {
        project.variants.compactMap { target, variant in
            guard target.isApplication, let entitlements = variant.entitlements, entitlements.usesCloudKit else { return nil }
            return (target, variant, entitlements)
        }
    }

    /// The sync styles and markers that make an app rely on CloudKit's pushes, with one place each, in a
    /// phrase: `CKSyncEngine (Sync.swift:3:18)`. Empty when the code was not read or shows none.
    var pushEvidence: [String] {
        guard let code = project.code else { return [] }
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

    /// Whether the code was read, issues raw CloudKit operations and shows nothing that waits for pushes (it
    /// only fetches): the push and background-mode rules are then silent. Code that shows no CloudKit use at
    /// all (a wrapper library, code not scanned) says nothing either way.
    var codeNeedsNoPush: Bool {
        guard let code = project.code else { return false }
        return code.syncStyles.contains { $0.style == .rawOperations } && pushEvidence.isEmpty
    }
}
