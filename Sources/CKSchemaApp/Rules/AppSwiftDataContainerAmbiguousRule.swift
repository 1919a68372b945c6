import CKSchemaCore

/// SwiftData's `.automatic` container in an app entitled to several containers.
struct AppSwiftDataContainerAmbiguousRule: AppRule {
    static let description = RuleDescription(
        id: "app_swiftdata_container_ambiguous", kind: .app, category: .app, defaultSeverity: .warning,
        summary: "SwiftData's default CloudKit database (`.automatic`, or no `cloudKitDatabase:`) in an app entitled to several containers should name its container with `.private(\"iCloud.…\")`.",
        rationale: """
            With `cloudKitDatabase: .automatic` (the default of `ModelConfiguration`, `ModelContainer(for:)` and \
            `.modelContainer(for:)`) SwiftData mirrors into a container it picks from the entitlements. Which one \
            it picks when they list several is not documented (in practice the first), so adding or reordering \
            a container can move the store's data. A warning, not an error: the pick may well be the intended one; \
            `.private("iCloud.…")` makes it explicit. Judged against each application target entitled to \
            CloudKit (file membership is not read).
            """,
        examples: .app(triggering: [
            AppExample(AppCodeExampleText.app(
                "let config = ↓ModelConfiguration(schema: schema)\n",
                entitlements: AppExampleText.services() + AppExampleText.containers("iCloud.com.example.Journal", "iCloud.com.example.Shared")
                    + AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppCodeExampleText.app("let config = ModelConfiguration(schema: schema)\n")),
            AppExample(AppCodeExampleText.app(
                "let config = ModelConfiguration(schema: schema, cloudKitDatabase: .private(\"iCloud.com.example.Shared\"))\n",
                entitlements: AppExampleText.services() + AppExampleText.containers("iCloud.com.example.Journal", "iCloud.com.example.Shared")
                    + AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        guard let uses = context.project.code?.defaultContainerUses.filter({ $0.use == .swiftDataAutomatic }),
              !uses.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for (target, _, entitlements) in context.cloudKitApplications where entitlements.containers.count > 1 {
            let listed = entitlements.containers.map { "'\($0.text)'" }.joined(separator: ", ")
            for use in uses {
                findings.append(context.finding(
                    "SwiftData's automatic CloudKit database picks one of the containers the target '\(target.name)' "
                        + "lists (\(listed)), and which is not documented: name it with cloudKitDatabase: .private(\"iCloud.…\")",
                    at: use.location))
            }
        }
        return findings
    }
}
