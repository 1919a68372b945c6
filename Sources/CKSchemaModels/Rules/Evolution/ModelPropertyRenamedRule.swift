import CKSchemaCore

/// A mirrored attribute or relationship was renamed with a renaming identifier since the model shipped.
struct ModelPropertyRenamedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_property_renamed", kind: .model, category: .naming, defaultSeverity: .error,
        summary: "A synced attribute or relationship must not be renamed with `originalName:` or a renaming identifier.",
        rationale: """
            `@Attribute(originalName:)` (and Core Data's renaming identifier) is the documented way to rename a \
            property in a local store, and it is refused for a CloudKit-mirrored one: 'Properties cannot be renamed in \
            stores that are used with CloudKit. Cannot rename …' (NSCocoaErrorDomain 134110). On every device that has \
            synced, the updated app cannot load its store; new installs work. Older versions still installed keep \
            writing the old field. Add a new property, copy the value in code, and keep the old one (it stays in \
            production for ever anyway).
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("title", "String", " elementID=\"name\"", marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String"), ModelExampleText.attribute("title", "String")))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.renamed).filter { $0.element != .entity && !evolution.isManyToMany($0) }.map { change in
            context.finding(change,
                "\(change.element.rawValue) \(ModelRuleContext.quoted(change.shipped)) is renamed to "
                    + "\(ModelRuleContext.quoted(change.current)) with a renaming identifier, and '\(change.entity)' syncs "
                    + "with CloudKit, which refuses property renames: on every device that has synced, the updated app "
                    + "fails to load its store (new installs work); add a new property, copy the value in code, and "
                    + "keep the old one")
        }
    }
}
