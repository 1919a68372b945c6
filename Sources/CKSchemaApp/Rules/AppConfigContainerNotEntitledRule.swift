import CKSchemaCore

/// `cloudkit.containerID` of `ckschema.yaml` is not in any target's entitlements.
struct AppConfigContainerNotEntitledRule: AppRule {
    static let description = RuleDescription(
        id: "app_config_container_not_entitled", kind: .app, category: .app, defaultSeverity: .error,
        summary: "The container `ckschema.yaml` names (`cloudkit.containerID`) must be one the app's entitlements list.",
        rationale: """
            ckschema deploys the schema to `cloudkit.containerID`; the app reads and writes the containers its \
            entitlements list. When the configured container is not among them, the schema goes to a container \
            the app never opens — a typo, or a container renamed on one side only.
            """,
        examples: .app(triggering: [
            AppExample([AppExampleText.project(AppExampleText.target()),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push),
                        AppExampleFile("ckschema.yaml", "cloudkit:\n  containerID: ↓iCloud.com.example.Jornal\n")]),
        ], nonTriggering: [
            AppExample([AppExampleText.project(AppExampleText.target()),
                        AppExampleText.entitlements(AppExampleText.cloudKit, AppExampleText.push),
                        AppExampleFile("ckschema.yaml", "cloudkit:\n  containerID: iCloud.com.example.Journal\n")]),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        guard let configured = context.project.configuredContainer else { return [] }
        let signed = context.signed
        guard !signed.isEmpty else { return [] }
        let entitled = signed.flatMap { $0.entitlements.containers.map(\.text) }
        guard !entitled.contains(configured.id) else { return [] }
        var unique: [String] = []
        for container in entitled where !unique.contains(container) { unique.append(container) }
        let close = Spelling.closest(configured.id, among: unique)
        let listed = unique.isEmpty ? "no entitlements list a container"
            : "the entitlements list " + unique.map { "'\($0)'" }.joined(separator: ", ")
        return [context.finding(
            "ckschema.yaml's container '\(configured.id)' is not one the app is entitled to: \(listed)"
                + Spelling.didYouMean(close),
            at: configured.location)]
    }
}
