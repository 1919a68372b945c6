import CKSchemaCore

/// `codesign --entitlements` with CloudKit entitlements that lack what Xcode copies from the profile.
struct AppScriptSigningIncompleteRule: AppRule {
    static let description = RuleDescription(
        id: "app_script_signing_incomplete", kind: .app, category: .app, defaultSeverity: .error,
        summary: "Entitlements a script signs with through `codesign` must carry the CloudKit environment, the application identifier and the team identifier.",
        rationale: """
            When Xcode signs, it adds to the entitlements what the provisioning profile grants: \
            `com.apple.application-identifier`, `com.apple.developer.team-identifier` and, on export, \
            `com.apple.developer.icloud-container-environment`. `codesign --entitlements FILE` in a script (a Mac \
            app signed with Developer ID outside Xcode) signs with the file as it is, and expands no build \
            setting. `CKContainer.default()` is `iCloud.` and the application identifier (CKContainer.h: \
            `com.apple.application-identifier` on macOS, `application-identifier` elsewhere), so without it \
            CloudKit stops with "Trying to initialize a container without an application ID"; without the \
            environment the container's environment is not chosen. Add \
            the three keys with literal values (`TEAMID.com.example.App`, `TEAMID`, `Production`), and embed the \
            Developer ID provisioning profile.
            """,
        examples: .app(triggering: [
            AppExample([
                AppExampleFile("scripts/sign.sh", """
                    #!/bin/sh
                    ↓codesign --force --options runtime --sign "Developer ID Application: Example" \\
                        --entitlements Journal/Journal.entitlements build/Journal.app
                    """),
                AppExampleText.entitlements(AppExampleText.cloudKit),
            ]),
            AppExample([
                AppExampleFile("Makefile", """
                    sign:
                    \t↓codesign --sign "Developer ID Application" --entitlements Journal/Journal.entitlements Journal.app
                    """),
                AppExampleText.entitlements(
                    AppExampleText.services(), AppExampleText.containers("iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)"),
                    AppExampleText.entry(Entitlements.Key.environment, "<string>Production</string>"),
                    AppExampleText.entry(Entitlements.Key.macApplicationIdentifier, "<string>ABCDE12345.com.example.Journal</string>"),
                    AppExampleText.entry(Entitlements.Key.teamIdentifier, "<string>ABCDE12345</string>")),
            ]),
        ], nonTriggering: [
            AppExample([
                AppExampleFile("scripts/sign.sh", """
                    #!/bin/sh
                    codesign --force --options runtime --sign "Developer ID Application: Example" \\
                        --entitlements Journal/Journal.entitlements build/Journal.app
                    """),
                AppExampleText.entitlements(
                    AppExampleText.cloudKit,
                    AppExampleText.entry(Entitlements.Key.environment, "<string>Production</string>"),
                    AppExampleText.entry(Entitlements.Key.macApplicationIdentifier, "<string>ABCDE12345.com.example.Journal</string>"),
                    AppExampleText.entry(Entitlements.Key.teamIdentifier, "<string>ABCDE12345</string>")),
            ]),
        ]))

    func check(_ context: AppRuleContext) -> [Diagnostic] {
        context.project.signings.compactMap { signing in
            guard let entitlements = signing.entitlements, entitlements.usesCloudKit else { return nil }
            var missing: [String] = []
            if entitlements.entry(Entitlements.Key.environment) == nil { missing.append(Entitlements.Key.environment) }
            if entitlements.entry(Entitlements.Key.macApplicationIdentifier) == nil
                && entitlements.entry(Entitlements.Key.applicationIdentifier) == nil {
                missing.append(Entitlements.Key.macApplicationIdentifier)
            }
            if entitlements.entry(Entitlements.Key.teamIdentifier) == nil { missing.append(Entitlements.Key.teamIdentifier) }
            let unexpanded = Self.unexpanded(entitlements.root)
            guard !missing.isEmpty || !unexpanded.isEmpty else { return nil }
            var problems: [String] = []
            if !missing.isEmpty {
                problems.append("it lacks " + missing.map { "'\($0)'" }.joined(separator: ", ")
                                + ", which Xcode copies from the provisioning profile and codesign does not")
            }
            if let first = unexpanded.first {
                problems.append("'\(first)' is a build setting codesign does not expand")
            }
            let consequence = missing.contains(Entitlements.Key.macApplicationIdentifier)
                ? " (CloudKit: \"Trying to initialize a container without an application ID\")" : ""
            return context.finding(
                "codesign signs with '\(entitlements.path)', which enables CloudKit, but "
                    + problems.joined(separator: "; and ") + consequence,
                at: signing.location, notes: [Note("the entitlements", at: entitlements.fileStart)])
        }
    }

    /// The string values that still hold a `$(…)` or `${…}` reference.
    static func unexpanded(_ node: PropertyListNode) -> [String] {
        switch node.value {
        case .string(let text): text.contains("$(") || text.contains("${") ? [text] : []
        case .array(let items): items.flatMap(unexpanded)
        case .dictionary(let entries): entries.flatMap { unexpanded($0.value) }
        default: []
        }
    }
}
