import CKSchemaCore

/// A synced element was removed and one like it added under a similar name: a rename without a renaming
/// identifier.
struct ModelRenamedWithoutIdentifierRule: ModelRule {
    static let description = RuleDescription(
        id: "model_renamed_without_identifier", kind: .model, category: .naming, defaultSeverity: .warning,
        summary: "A synced entity or property that looks renamed without a renaming identifier is a removal and an addition.",
        rationale: """
            Without a renaming identifier the store sees a new, empty element and drops the old one's values on \
            updated devices; CloudKit adds a new field (or record type) and keeps the old one in production for ever. \
            Older versions still installed keep writing the old name, and the new version never reads it. Renaming \
            with an identifier is worse (the store fails to load), so keep the old name, or add the new element, \
            copy the values across in code, and keep the old one until no older version is in use.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("ratings", "Integer 16", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("rating", "Integer 16"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("rating", "Integer 16"), ModelExampleText.attribute("ratings", "Integer 16")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        let added = evolution.mirroredChanges(.added).filter { $0.renameHint != nil }
        return evolution.mirroredChanges(.removed).compactMap { removal -> Diagnostic? in
            guard let hint = removal.renameHint,
                  let addition = added.first(where: { addition in
                      addition.element == removal.element && (addition.current?.property ?? addition.entity) == hint
                          && addition.renameHint == (removal.shipped?.property ?? removal.entity)
                  })
            else { return nil }
            var pair = addition
            pair.shipped = removal.shipped
            return context.finding(pair,
                "\(removal.element.rawValue) \(ModelRuleContext.quoted(removal.shipped)) is gone and "
                    + "\(ModelRuleContext.quoted(addition.current)) is new: without a renaming identifier this is no "
                    + "rename; updated devices start '\(hint)' empty, older versions still installed keep writing "
                    + "\(ModelRuleContext.quoted(removal.shipped)), and its CloudKit field stays in production; keep the old "
                    + "name, or keep both and copy the value across in code")
        }
    }
}
