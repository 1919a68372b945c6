package import CKSchemaCore

/// The registry of every code rule (`ckschema check-code`), sorted by ID. A test checks that it is sorted,
/// that IDs are unique across every catalog and that every rule file under `Code/Rules/` is listed here.
package enum CodeRules {
    package static let all: [any CodeRule.Type] = [
        CodeFieldMissingRule.self,
        CodeFieldTypeMismatchRule.self,
        CodeKeyUnresolvedRule.self,
        CodePublicCreateGrantedRule.self,
        CodePublicModifyFetchedRule.self,
        CodePublicReadSignedOutRule.self,
        CodeQueryFieldNotQueryableRule.self,
        CodeRangeFieldNotSortableRule.self,
        CodeRecordTypeMissingRule.self,
        CodeRetiredFieldUsedRule.self,
        CodeSearchNotSearchableRule.self,
        CodeSortFieldNotSortableRule.self,
        CodeTypeNotQueryableRule.self,
    ]

    /// The descriptions of every rule, in registry order.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description }
    }

    /// The rule whose ID is `id`, if any.
    package static func rule(withID id: String) -> (any CodeRule.Type)? {
        all.first { $0.description.id.rawValue == id }
    }
}
