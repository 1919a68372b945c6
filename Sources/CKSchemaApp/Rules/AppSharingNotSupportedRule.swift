import CKSchemaCore

/// The code creates or accepts CKShares but the app's Info.plist lacks `CKSharingSupported`.
struct AppSharingNotSupportedRule: AppRule {
    static let description = RuleDescription(
        id: "app_sharing_not_supported", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "An app whose code creates or accepts `CKShare`s should set `CKSharingSupported` to true in its Info.plist.",
        rationale: """
            A share link opens the app that owns the container only when the app's Info.plist says \
            `CKSharingSupported` (Xcode: `INFOPLIST_KEY_CKSharingSupported = YES` for a generated Info.plist); \
            without it the system never calls `userDidAcceptCloudKitShareWith` and the link opens iCloud's web \
            page instead. Doctor sees sharing in `CKShare(rootRecord:)`, `CKShare(recordZoneID:)`, \
            NSPersistentCloudKitContainer's `share(_:to:)`, `UICloudSharingController`, \
            `CKShareTransferRepresentation` and the delegate methods and operations that accept shares. Each \
            application target with CloudKit is judged on the code it compiles (itself or through a framework it \
            depends on, plus files no target's sources name); when the project does not say which target compiles \
            what, every such target is judged on the whole app's code — hence a warning, which a target that \
            never shares can turn off for its files.
            """,
        examples: .app(triggering: [
            AppExample(AppCodeExampleText.app(
                "let share = CKShare(rootRecord: record)\n",
                target: AppExampleText.target(backgroundModes: "[remote-notification]", markModes: true))),
        ], nonTriggering: [
            AppExample(AppCodeExampleText.app(
                "let share = CKShare(rootRecord: record)\n",
                target: AppExampleText.target() + "        CKSharingSupported: true\n")),
            AppExample(AppCodeExampleText.app("let op = CKModifyRecordsOperation(recordsToSave: [record])\n")),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.cloudKitApplications.compactMap { target, variant, _, code in
            guard variant.sharingSupported == false,
                  let marker = code?.markers.first(where: { $0.kind == .createsShare || $0.kind == .acceptsShare })
            else { return nil }
            let doing = marker.kind == .createsShare ? "creates CKShares" : "accepts CKShares"
            let source = variant.infoPlist == "generated" ? "its generated Info.plist" : "'\(variant.infoPlist ?? "Info.plist")'"
            return context.finding(
                "the code \(doing) (\(marker.location)) but the target '\(target.name)' does not set 'CKSharingSupported' "
                    + "in \(source): share links open iCloud's web page instead of the app; add CKSharingSupported = YES",
                at: variant.infoPlistLocation ?? target.location)
        }
    }
}
