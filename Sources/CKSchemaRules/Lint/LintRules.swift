import CKSchemaCore

/// The registry of every lint rule, sorted by ID. A test checks that it is sorted, that IDs are unique and
/// that every rule file under `Rules/` is listed here.
public enum LintRules {
    public static let all: [any LintRule.Type] = [
        FieldDeclaredOnceRule.self,
        GrantRoleDeclaredRule.self,
        GrantSingleRoleRule.self,
        IdentifierCharactersRule.self,
        IndexOptionNotRepeatedRule.self,
        KeywordUppercaseRule.self,
        PermissionNotRepeatedRule.self,
        ReservedWordQuotedRule.self,
        SpecialNameQuotedRule.self,
        SystemFieldTypeRule.self,
        SystemNamesReservedRule.self,
        UniqueNamesRule.self,
    ]

    /// The descriptions of every rule, in registry order.
    public static var descriptions: [RuleDescription] {
        all.map { $0.description }
    }

    /// The rule whose ID is `id`, if any.
    public static func rule(withID id: String) -> (any LintRule.Type)? {
        all.first { $0.description.id.rawValue == id }
    }
}
