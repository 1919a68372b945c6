import CKSchemaCore

/// `CKContainer.default()` in an app whose entitlements do not list `iCloud.<bundle ID>`.
struct AppDefaultContainerNotEntitledRule: AppRule {
    static let description = RuleDescription(
        id: "app_default_container_not_entitled", kind: .app, category: .app, defaultSeverity: .error,
        summary: "`CKContainer.default()` is `iCloud.<bundle ID>`: the entitlements of an app calling it must list that container.",
        rationale: """
            The default container is the one named after the app's bundle identifier (CloudKit's header says \
            `iCloud.(application-identifier)`), not the first container the entitlements list. An app whose \
            container was renamed, or whose bundle ID changed, keeps calling `default()` and gets a container it \
            is not entitled to (CloudKit stops the app) or, when the old one is still listed, keeps syncing into \
            the old container. Doctor checks each application target that uses CloudKit, whose bundle ID it \
            can read and that compiles the call (itself or through a framework it depends on, on the variant's \
            platform); a call in a file no target's sources name, or in a project that does not say which target \
            compiles what, is checked against every such target.
            """,
        examples: .app(triggering: [
            AppExample(AppCodeExampleText.app(
                "let container = ↓CKContainer.default()\n",
                entitlements: AppExampleText.services() + AppExampleText.containers("iCloud.com.example.Shared")
                    + AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppCodeExampleText.app("let container = CKContainer.default()\n")),
            AppExample(AppCodeExampleText.app(
                "let container = CKContainer(identifier: \"iCloud.com.example.Shared\")\n",
                entitlements: AppExampleText.services() + AppExampleText.containers("iCloud.com.example.Shared")
                    + AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        guard context.project.code?.defaultContainerUses.contains(where: { $0.use == .ckContainerDefault }) == true
        else { return [] }
        var findings: [Diagnostic] = []
        for (target, variant, entitlements, code) in context.cloudKitApplications {
            let uses = code?.defaultContainerUses.filter { $0.use == .ckContainerDefault } ?? []
            guard !uses.isEmpty, let bundleID = variant.bundleID, !bundleID.contains("$") else { continue }
            let expected = "iCloud.\(bundleID)"
            let listed = entitlements.containers.map(\.text)
            guard !listed.contains(expected) else { continue }
            let instead = listed.isEmpty ? "it lists none" : "it lists " + listed.map { "'\($0)'" }.joined(separator: ", ")
            for use in uses {
                findings.append(context.finding(
                    "CKContainer.default() is '\(expected)' for the target '\(target.name)', which '\(entitlements.path)' "
                        + "does not list (\(instead)): name the container with CKContainer(identifier:) or add '\(expected)'",
                    at: use.location))
            }
        }
        return findings
    }
}
