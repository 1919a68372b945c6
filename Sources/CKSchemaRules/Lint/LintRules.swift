package import CKSchemaCore

/// The registry of every lint rule, sorted by ID. A test checks that it is sorted, that IDs are unique and
/// that every rule file under `Rules/` is listed here.
package enum LintRules {
    package static let all: [any LintRule.Type] = [
        AssetNotIndexedRule.self,
        BytesNotIndexedRule.self,
        CoreDataPrefixReservedRule.self,
        CreateNotGrantedToWorldRule.self,
        CreatedByQueryableRule.self,
        CustomRoleGrantedRule.self,
        DefaultMatchesTypeRule.self,
        EncryptedFieldNotIndexedRule.self,
        EncryptedFieldNotPublicRule.self,
        EncryptedTypeSupportedRule.self,
        EnumDefaultInValuesRule.self,
        FieldCountHeadroomRule.self,
        FieldCountWithinLimitRule.self,
        FieldDeclaredOnceRule.self,
        FieldNameNotRecordPropertyRule.self,
        GrantRoleDeclaredRule.self,
        GrantSingleRoleRule.self,
        IdentifierCharactersRule.self,
        IndexOptionNotRepeatedRule.self,
        KeywordUppercaseRule.self,
        LogicalTypeFitsFieldTypeRule.self,
        MergeArithmeticOnNumbersRule.self,
        MergeClockIsTimestampRule.self,
        MergeEncryptedChoosesSideRule.self,
        MergeUnionOnListRule.self,
        MigrationConversionExistsRule.self,
        MigrationKindFitsTypesRule.self,
        MigrationLossDeclaredRule.self,
        MigrationNotChainedRule.self,
        MigrationReplacedTypeMatchesRule.self,
        MigrationSourceDeclaredRule.self,
        MigrationSourceUniqueRule.self,
        NameWithinLengthLimitRule.self,
        NumberNotIndexedRule.self,
        NumberTypeAvoidedRule.self,
        PermissionNotRepeatedRule.self,
        PublicTypeCreatableRule.self,
        PublicTypeHasGrantsRule.self,
        RecordIDQueryableRule.self,
        ReferenceOptionsNeedReferenceRule.self,
        ReferenceTargetExistsRule.self,
        ReservedWordQuotedRule.self,
        RetiredFieldNotNewlyIndexedRule.self,
        RetiredFieldUnusedRule.self,
        SearchableRequiresStringRule.self,
        ShareTypeFieldsRule.self,
        ShareTypeGrantsRule.self,
        SortableNotOnReferenceOrListRule.self,
        SpecialNameQuotedRule.self,
        SwiftNamesUniqueRule.self,
        SystemFieldTypeRule.self,
        SystemNamesReservedRule.self,
        UniqueNamesRule.self,
        UniqueNamesIgnoringCaseRule.self,
        UserContentWriteRestrictedRule.self,
        UsersRolesFieldRule.self,
        UsersTypeNotCreatableRule.self,
        ZoneUsableRule.self,
    ]

    /// The descriptions of every rule, in registry order.
    package static var descriptions: [RuleDescription] {
        all.map { $0.description }
    }

    /// The rule whose ID is `id`, if any.
    package static func rule(withID id: String) -> (any LintRule.Type)? {
        all.first { $0.description.id.rawValue == id }
    }
}
