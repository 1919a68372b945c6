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
            CloudKit that compiles the configuration (itself or through a framework it depends on); a file no \
            target's sources name, or any file when the project does not say, is judged against each of them.
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
        var findings: [Diagnostic] = []
        for (target, _, entitlements, code) in context.cloudKitApplications where entitlements.containers.count > 1 {
            let listed = entitlements.containers.map { "'\($0.text)'" }.joined(separator: ", ")
            for use in code?.defaultContainerUses ?? [] where use.use == .swiftDataAutomatic {
                findings.append(context.finding(
                    "SwiftData's automatic CloudKit database picks one of the containers the target '\(target.name)' "
                        + "lists (\(listed)), and which is not documented: name it with cloudKitDatabase: .private(\"iCloud.…\")",
                    at: use.location))
            }
        }
        return findings
    }
}
