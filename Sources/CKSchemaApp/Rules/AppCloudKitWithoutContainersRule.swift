import CKSchemaCore

/// The CloudKit service is entitled but no container is.
struct AppCloudKitWithoutContainersRule: AppRule {
    static let description = RuleDescription(
        id: "app_cloudkit_without_containers", kind: .app, category: .app, defaultSeverity: .error,
        summary: "Entitlements that enable the CloudKit service must list at least one container.",
        rationale: """
            `com.apple.developer.icloud-services` holding `CloudKit` switches the service on; \
            `com.apple.developer.icloud-container-identifiers` says which containers the app may open, and \
            `CKContainer(identifier:)` requires its identifier to be there (Apple's CKContainer documentation). \
            With the service and no container, even `CKContainer.default()` has nothing to open. Select a container \
            under Signing & Capabilities → iCloud, which writes both keys.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.services(marked: true), AppExampleText.push)),
            AppExample(AppExampleText.app(AppExampleText.services(marked: true),
                                          AppExampleText.entry(Entitlements.Key.containers, "<array/>"),
                                          AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.compactMap { signed in
            let entitlements = signed.entitlements
            guard entitlements.services.contains("CloudKit"), entitlements.containers.isEmpty else { return nil }
            return context.finding(
                "'\(entitlements.path)' enables CloudKit but lists no container in '\(Entitlements.Key.containers)': "
                    + "\(signed.owner) cannot open any; select a container under Signing & Capabilities → iCloud",
                at: entitlements.location(of: Entitlements.Key.services))
        }
    }
}
