import CKSchemaCore

/// A container identifier that does not start with `iCloud.`.
struct AppContainerIDMalformedRule: AppRule {
    static let description = RuleDescription(
        id: "app_container_id_malformed", kind: .app, category: .app, defaultSeverity: .error,
        summary: "Every iCloud container identifier starts with `iCloud.` followed by a reverse-DNS name.",
        rationale: """
            Container identifiers are `iCloud.` and a reverse-DNS string (`iCloud.com.example.Journal`); Xcode's \
            iCloud capability adds the prefix when it is left out, so an identifier without it in an entitlements \
            file was written by hand and names no container the developer account can have. A value whose \
            build settings doctor cannot expand is left alone.
            """,
        examples: .app(triggering: [
            AppExample(AppExampleText.app(AppExampleText.services(), AppExampleText.entry(
                                              Entitlements.Key.containers, "<array>↓<string>com.example.Journal</string></array>"),
                                          AppExampleText.push)),
        ], nonTriggering: [
            AppExample(AppExampleText.app(AppExampleText.services(),
                                          AppExampleText.containers("iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)"),
                                          AppExampleText.push)),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.signed.flatMap { signed in
            let entitlements = signed.entitlements
            let lists = [Entitlements.Key.containers, Entitlements.Key.developmentContainers]
            return lists.flatMap { key in
                (entitlements.root[key]?.strings ?? []).compactMap { container -> Diagnostic? in
                    guard !container.text.hasPrefix("iCloud."), !container.text.hasPrefix("$") else { return nil }
                    return context.finding(
                        "the container '\(container.text)' in '\(entitlements.path)' does not start with 'iCloud.': "
                            + "container identifiers are 'iCloud.' and a reverse-DNS name (did you mean "
                            + "'iCloud.\(container.text)'?)",
                        at: container.location ?? entitlements.location(of: key))
                }
            }
        }
    }
}
