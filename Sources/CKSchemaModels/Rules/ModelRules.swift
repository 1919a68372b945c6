package import CKSchemaCore

/// Every `check-models` rule, compatibility first, then rollout; and the checker that runs them.
package enum ModelRules {
    package static let all: [any ModelRule.Type] = [
        ModelUniqueConstraintRule.self,
        ModelAttributeNeedsDefaultRule.self,
        ModelRelationshipNotOptionalRule.self,
        ModelRelationshipNoInverseRule.self,
        ModelDeleteRuleDenyRule.self,
        ModelRelationshipOrderedRule.self,
        ModelUnsupportedAttributeTypeRule.self,
        ModelConfigurationCrossingRule.self,
        ModelTooManyFieldsRule.self,
        ModelDecimalPrecisionRule.self,
        ModelValueStoredAsBytesRule.self,
        ModelRecordTypeNotDeployedRule.self,
        ModelFieldNotDeployedRule.self,
        ModelFieldTypeMismatchRule.self,
        ModelCompanionNotDeployedRule.self,
        ModelFieldNotInModelRule.self,
    ]

    /// The catalog entries: the rules, then what reading and deriving report.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description } + ModelReadDiagnostics.all
    }

    /// The rules' findings for `model`, with the derivation's own diagnostics; rollout rules run only with an
    /// environment. `disabled` and `severities` come from the configuration (as for lint rules).
    package static func check(
        _ model: DataModel, environment: Schema?, environmentName: String,
        disabled: Set<String> = [], enabled: Set<String> = [], severities: [String: Severity?] = [:]
    ) -> [Diagnostic] {
        let derived = SchemaDeriver.derive(model)
        var context = ModelRuleContext(model: model, derived: derived, environment: environment,
                                       environmentName: environmentName)
        var findings = derived.diagnostics
        for rule in all {
            let description = rule.description
            let id = description.id.rawValue
            guard !disabled.contains(id), description.isEnabledByDefault || enabled.contains(id) else { continue }
            if case .some(.none) = severities[id] { continue }
            context.rule = description
            context.configuredSeverity = severities[id] ?? nil
            findings += rule.init().check(context)
        }
        return findings
    }
}
