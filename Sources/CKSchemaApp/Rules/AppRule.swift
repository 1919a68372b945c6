package import CKSchemaCore

/// One `ckschema doctor` rule: it judges the app's configuration (targets, their entitlements and Info.plist,
/// signing scripts, the configured container) and returns located findings.
package protocol AppRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: AppRuleContext) -> [Diagnostic]
}

/// What an app rule sees: the project doctor read, and the rule's configured severity.
package struct AppRuleContext: Sendable {
    package let project: AppProject
    package var rule: RuleDescription
    package var configuredSeverity: Severity?
    /// Each target's code on each of its platforms, filtered once per run and shared by every rule that judges
    /// code against one target (`code(of:on:)`).
    let targetCode: TargetCode

    package init(project: AppProject) {
        self.project = project
        self.rule = AppRules.all[0].description
        self.configuredSeverity = nil
        self.targetCode = TargetCode(project)
    }

    package func finding(_ message: String, at location: SourceLocation?, severity: Severity? = nil,
                         notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: rule.id, severity: configuredSeverity ?? severity ?? rule.defaultSeverity, message: message,
                   location: location, notes: notes)
    }

    /// Every entitlements file a build signs with, once per distinct expansion: the targets' (with the target,
    /// its variant) and the scripts'.
    package var signed: [SignedEntitlements] {
        var seen: [String: [[String]]] = [:]
        var result: [SignedEntitlements] = []
        func add(_ item: SignedEntitlements) {
            let signature = AppVariant.signature(item.entitlements)
            if seen[item.entitlements.path, default: []].contains(signature) { return }
            seen[item.entitlements.path, default: []].append(signature)
            result.append(item)
        }
        for (target, variant) in project.variants {
            if let entitlements = variant.entitlements {
                add(SignedEntitlements(entitlements: entitlements, target: target, variant: variant, signing: nil))
            }
        }
        for signing in project.signings {
            if let entitlements = signing.entitlements {
                add(SignedEntitlements(entitlements: entitlements, target: nil, variant: nil, signing: signing))
            }
        }
        return result
    }
}

/// An entitlements file and who signs with it: a target's variant, or a script's `codesign`.
package struct SignedEntitlements: Sendable {
    package var entitlements: Entitlements
    package var target: AppTarget?
    package var variant: AppVariant?
    package var signing: ScriptSigning?

    /// `the target 'App' (iOS)` or `codesign in 'scripts/sign.sh'`.
    package var owner: String {
        if let target {
            let platform = variant?.platform.map { " (\($0.rawValue))" } ?? ""
            return "the target '\(target.name)'\(platform)"
        }
        return "codesign in '\(signing?.location.file ?? "a script")'"
    }
}
