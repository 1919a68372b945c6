package import CKSchemaCore

/// Every `ckschema doctor` rule, and the checker that runs them.
package enum AppRules {
    package static let all: [any AppRule.Type] = [
        AppCloudKitWithoutContainersRule.self,
        AppContainersWithoutCloudKitRule.self,
        AppContainerIDMalformedRule.self,
        AppDevelopmentContainersRule.self,
        AppEnvironmentInvalidRule.self,
        AppEnvironmentSplitRule.self,
        AppScriptSigningIncompleteRule.self,
        AppPushEntitlementMissingRule.self,
        AppBackgroundModeMissingRule.self,
        AppConfigContainerNotEntitledRule.self,
        AppCodeContainerNotEntitledRule.self,
        AppDefaultContainerNotEntitledRule.self,
        AppSwiftDataContainerAmbiguousRule.self,
        AppSharingNotSupportedRule.self,
        AppSubscriptionNotRegisteredRule.self,
        // The code-practice rules (Rules/Code), judged from `AppProject.code`.
        AppCursorIgnoredRule.self,
        AppChangeTokenExpiredUnhandledRule.self,
        AppSubscriptionNotIdempotentRule.self,
        AppCloudKitErrorsSwallowedRule.self,
        AppRetryAfterIgnoredRule.self,
        AppServerRecordChangedUnhandledRule.self,
        AppSyncEngineStateNotPersistedRule.self,
        AppSyncEngineConflictUnhandledRule.self,
        AppPollingInsteadOfPushRule.self,
        AppPartialFailureUnreadRule.self,
        AppZoneDeletionUnhandledRule.self,
        AppKeyValueStoreUnobservedRule.self,
        AppAccountStatusUncheckedRule.self,
    ]

    /// The catalog entries: the rules, then what reading reports.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description } + AppReadDiagnostics.all
    }

    /// The rules' findings for `project` after what reading it reported, each once. `disabled`, `enabled` and
    /// `severities` come from `doctor:` in the configuration (as for lint rules).
    package static func check(_ project: AppProject, disabled: Set<String> = [], enabled: Set<String> = [],
                              severities: [String: Severity?] = [:]) -> [Diagnostic] {
        var context = AppRuleContext(project: project)
        var findings = project.diagnostics
        for rule in all {
            let description = rule.description
            let id = description.id.rawValue
            guard !disabled.contains(id), !disabled.contains(description.category.rawValue),
                  description.isEnabledByDefault || enabled.contains(id) else { continue }
            if case .some(.none) = severities[id] { continue }
            context.rule = description
            context.configuredSeverity = severities[id] ?? nil
            findings += rule.init().check(context)
        }
        var seen = Set<Diagnostic>()
        return findings.filter { seen.insert($0).inserted }
    }
}
