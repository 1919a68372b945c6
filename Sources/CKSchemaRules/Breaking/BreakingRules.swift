package import CKSchemaCore

/// The registry of every breaking rule, in release order: append only. A rule is never removed, renamed,
/// reordered or reused, so that configurations and CI scripts that name a rule keep meaning the same
/// thing. `Tests/CKSchemaRulesTests/Resources/breaking-rules.lock` guards it: the lock must be a prefix of
/// this list.
package enum BreakingRules {
    /// Every breaking rule, oldest first.
    package static let all: [any BreakingRule.Type] = [
        // 0.1.0
        RecordTypeNoDeleteRule.self,
        FieldNoDeleteRule.self,
        FieldSameTypeRule.self,
        FieldSameEncryptionRule.self,
        FieldSameNumberPreferenceRule.self,
        SystemFieldSameTypeRule.self,
        IndexNoDeleteRule.self,
        RoleNoDeleteRule.self,
        GrantNoDeleteRule.self,
        GrantNoNarrowingRule.self,
        RecordTypeInProductionRule.self,
        FieldInProductionRule.self,
        // #40 migrations
        RetiredFieldSameIndexesRule.self,
    ]

    /// The descriptions of every rule, in registry order.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description }
    }

    /// The rule whose ID is `id`, if any.
    package static func rule(withID id: String) -> (any BreakingRule.Type)? {
        all.first { $0.description.id.rawValue == id }
    }

    /// One line of the lock file for `rule`: `id introduced severity category`, tab-separated.
    package static func lockLine(_ rule: any BreakingRule.Type) -> String {
        let description = rule.description
        return [description.id.rawValue, description.introduced ?? "", description.defaultSeverity.rawValue,
                description.category.rawValue].joined(separator: "\t")
    }
}
