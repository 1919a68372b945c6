import CKSchemaCore

/// `com.apple.developer.icloud-container-environment` that is not the string `Development` or `Production`.
struct AppEnvironmentInvalidRule: AppRule {
    static let description = RuleDescription(
        id: "app_environment_invalid", kind: .app, category: .app, defaultSeverity: .error,
        summary: "`com.apple.developer.icloud-container-environment` is one string, `Development` or `Production`, capitalised.",
        rationale: """
            The key selects the environment of the app's containers and Xcode writes it as a single string, \
            `Development` or `Production`. An array (as the provisioning profile lists the environments it allows), \
            a lowercase value or any other word is not a selection: the signature is refused or the environment is \
            not the one meant. Write `<string>Production</string>`.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.entry(
                                              Entitlements.Key.environment, AppExampleText.array("Production"), marked: true),
                                          AppExampleText.push)),
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.entry(
                                              Entitlements.Key.environment, "<string>production</string>", marked: true),
                                          AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.cloudKit, AppExampleText.entry(
                                              Entitlements.Key.environment, "<string>Production</string>"), AppExampleText.push)),
        ]))

    static let values = ["Development", "Production"]

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.compactMap { signed in
            let entitlements = signed.entitlements
            guard let entry = entitlements.entry(Entitlements.Key.environment) else { return nil }
            let problem: String
            if let text = entry.value.string {
                guard !Self.values.contains(text) else { return nil }
                let fixed = Self.values.first { $0.lowercased() == text.lowercased() }
                problem = fixed.map { "'\(text)' must be written '\($0)'" }
                    ?? "'\(text)' is neither 'Development' nor 'Production'"
            } else {
                let inside = entry.value.strings.first?.text
                problem = "it holds \(entry.value.kindDescription)" + (inside.map { ", write the string '\($0.capitalized)' instead" } ?? "")
                    + "; the key takes one string"
            }
            return context.finding(
                "the CloudKit environment in '\(entitlements.path)' is invalid: \(problem)",
                at: entry.keyLocation ?? entitlements.fileStart)
        }
    }
}

extension String {
    /// The first letter upper case, the rest lower case: `production` → `Production`.
    var capitalized: String { prefix(1).uppercased() + dropFirst().lowercased() }
}
