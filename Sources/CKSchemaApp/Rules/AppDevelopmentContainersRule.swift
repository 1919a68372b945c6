import CKSchemaCore

/// `icloud-container-development-container-identifiers` committed in an entitlements file.
struct AppDevelopmentContainersRule: AppRule {
    static let description = RuleDescription(
        id: "app_development_containers", kind: .app, category: .app, defaultSeverity: .error,
        summary: "An entitlements file must not hold `com.apple.developer.icloud-container-development-container-identifiers`.",
        rationale: """
            `…-development-container-identifiers` lists containers that use the development environment whatever \
            `com.apple.developer.icloud-container-environment` says: CloudKit's own header (CKContainer.h) says \
            an app is in production mode when the environment is Production *and* this key holds no override. It \
            belongs to development provisioning profiles, not the app. Written into the project's entitlements \
            (usually copied from a built app's signature), it is signed into every build: a Production build \
            talks to development, and App Store validation rejects the signature (ITMS-90045, Invalid Code \
            Signing Entitlements). Delete the key; `com.apple.developer.icloud-container-identifiers` is the one \
            to keep.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.entry(
                                              Entitlements.Key.developmentContainers, AppExampleText.array("iCloud.com.example.Journal"),
                                              marked: true), AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.compactMap { signed in
            let entitlements = signed.entitlements
            guard let entry = entitlements.entry(Entitlements.Key.developmentContainers) else { return nil }
            return context.finding(
                "'\(entitlements.path)' holds '\(Entitlements.Key.developmentContainers)', which development "
                    + "provisioning profiles supply: signed into the app, its containers use development even in a "
                    + "Production build, and the App Store rejects the signature; delete the key",
                at: entry.keyLocation ?? entitlements.fileStart)
        }
    }
}
