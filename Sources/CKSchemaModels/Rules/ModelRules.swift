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
    ] + ModelRules.evolution

    /// The rules that judge the change from the model that shipped (`check-models --since`), MODELS.md §9.
    package static let evolution: [any ModelRule.Type] = [
        ModelEntityRenamedRule.self,
        ModelPropertyRenamedRule.self,
        ModelManyToManyRenamedRule.self,
        ModelRenamedWithoutIdentifierRule.self,
        ModelFieldTypeChangedRule.self,
        ModelAttributeTypeChangedRule.self,
        ModelAttributeDefaultDroppedRule.self,
        ModelAttributeMadeRequiredRule.self,
        ModelRelationshipMadeRequiredRule.self,
        ModelInverseRemovedRule.self,
        ModelEntityRemovedRule.self,
        ModelPropertyRemovedRule.self,
        ModelCardinalityChangedRule.self,
        ModelEncryptionChangedRule.self,
        ModelTransformerChangedRule.self,
    ]

    /// The catalog entries: the rules, what comparing SwiftData versioned schemas reports, then what reading and
    /// deriving report.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description } + ModelVersionHistory.descriptions + ModelReadDiagnostics.all
    }

    /// The rules' findings for `model`, with the derivation's own diagnostics; rollout rules run only with an
    /// environment, evolution rules only with the model that shipped. `disabled` and `severities` come from the
    /// configuration (as for lint rules).
    package static func check(
        _ model: DataModel, environment: Schema?, environmentName: String, shipped: ShippedModel? = nil,
        disabled: Set<String> = [], enabled: Set<String> = [], severities: [String: Severity?] = [:]
    ) -> [Diagnostic] {
        let derived = SchemaDeriver.derive(model)
        var context = ModelRuleContext(model: model, derived: derived, environment: environment,
                                       environmentName: environmentName)
        context.evolution = shipped.map { ModelEvolution(shipped: $0, current: model) }
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
        return ModelEvolutionSupersession.apply(to: findings)
    }

    /// Only the evolution rules' findings for the change from `shipped` to `current` (one step of several:
    /// each version of a bundle against the next). Combine them with the other findings through `combined`.
    package static func checkEvolution(
        from shipped: ShippedModel, to current: DataModel,
        disabled: Set<String> = [], enabled: Set<String> = [], severities: [String: Severity?] = [:]
    ) -> [Diagnostic] {
        let ids = Set(evolution.map { $0.description.id })
        return check(current, environment: nil, environmentName: "", shipped: shipped, disabled: disabled, enabled: enabled,
                     severities: severities).filter { ids.contains($0.id) }
    }

    /// Findings of several checks as one report: where an evolution finding and a compatibility finding judge
    /// one element, only the evolution one is kept.
    package static func combined(_ findings: [Diagnostic]) -> [Diagnostic] {
        ModelEvolutionSupersession.apply(to: findings)
    }
}
