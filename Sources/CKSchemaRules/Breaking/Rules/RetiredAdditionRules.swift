/// What the two retired rules that reported additions (`field_in_production`, `record_type_in_production`)
/// say about their retirement, in one place: the reason is the same for both.
enum RetiredAdditionRules {
    /// The rationale both descriptions carry.
    static let rationale = """
        Retired after ckschema 0.2.0. An addition is safe: production accepts it, and it reaches production \
        only through the CloudKit Console's "Deploy Schema Changes". Reporting every addition as a \
        warning taught reviewers to ignore warnings, so ckschema diff now says this once, in its summary. \
        The failure of an app that ships before the deploy is found in the app's code by \
        ckschema check-code (docs/cloudkit-facts.md §1.4, §9 rule 29).
        """

    /// The retirement note `ckschema rules` shows.
    static let retirement = "additions are safe; ckschema diff says once, in its summary, that they "
        + "reach production only through the Console's \"Deploy Schema Changes\""
}
