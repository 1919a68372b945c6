import CKSchemaCore

/// Containers are entitled but the CloudKit service is not.
struct AppContainersWithoutCloudKitRule: AppRule {
    static let description = RuleDescription(
        id: "app_containers_without_cloudkit", kind: .app, category: .app, defaultSeverity: .error,
        summary: "Entitlements that list iCloud containers must enable the CloudKit service for CloudKit to use them.",
        rationale: """
            The containers in `com.apple.developer.icloud-container-identifiers` are usable through CloudKit only \
            when `com.apple.developer.icloud-services` holds `CloudKit`; with `CloudDocuments` alone (or no services \
            key) the containers serve iCloud Drive documents, and CloudKit operations fail with a permission error. \
            Check CloudKit under Signing & Capabilities → iCloud → Services.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.containers("iCloud.com.example.Journal", marked: true),
                                          AppExampleText.push)),
            AppExample(AppExampleText.app(AppExampleText.entry(Entitlements.Key.services,
                                              AppExampleText.array("CloudDocuments")),
                                          AppExampleText.containers("iCloud.com.example.Journal", marked: true),
                                          AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.compactMap { signed in
            let entitlements = signed.entitlements
            guard !entitlements.containers.isEmpty, !entitlements.services.contains(where: { $0.hasPrefix("CloudKit") })
            else { return nil }
            let services = entitlements.services.isEmpty ? "no iCloud service"
                : "only " + entitlements.services.map { "'\($0)'" }.joined(separator: ", ")
            return context.finding(
                "'\(entitlements.path)' lists containers but enables \(services): CloudKit cannot use them from "
                    + "\(signed.owner); add 'CloudKit' to '\(Entitlements.Key.services)'",
                at: entitlements.location(of: Entitlements.Key.containers))
        }
    }
}
