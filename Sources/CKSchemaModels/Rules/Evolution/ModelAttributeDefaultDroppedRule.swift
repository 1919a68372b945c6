import CKSchemaCore

/// A synced attribute lost what CloudKit mirroring needs since the model shipped: its default value, or its
/// optionality with no default to take its place.
struct ModelAttributeDefaultDroppedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_attribute_default_dropped", kind: .model, category: .types, defaultSeverity: .error,
        summary: "A synced attribute must not lose its default value, nor become non-optional without one.",
        rationale: """
            CloudKit mirroring requires every attribute to be optional or defaulted, and checks it when the store \
            loads: 'CloudKit integration requires that all attributes be optional, or have a default value set' \
            (134060). Removing a shipped default, or making an optional attribute required without one, makes the \
            updated app fail at launch for every user, new installs included. Keep the default (in SwiftData, on the \
            declaration), or keep the attribute optional. This finding replaces `model_attribute_needs_default` \
            for the attribute, saying what changed.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", " defaultValueString=\"\"", optional: false))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", optional: false, marked: true)))),
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", optional: false, marked: true)))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.model(ModelExampleText.entity("Trip", ModelExampleText.attribute("name", "String"))),
                model: ModelExampleText.model(ModelExampleText.entity(
                    "Trip", ModelExampleText.attribute("name", "String", " defaultValueString=\"\"", optional: false)))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        let changed = evolution.mirroredChanges(.defaultChanged, of: .attribute)
            + evolution.mirroredChanges(.optionalityChanged, of: .attribute)
        var seen = Set<String>()
        return changed.compactMap { change in
            guard let new = evolution.attribute(change.current, shipped: false), !new.isOptional, !new.hasDefault,
                  let name = change.current?.name, seen.insert(name).inserted else { return nil }
            let what = change.kind == .defaultChanged ? "lost its default value" : "became non-optional without a default value"
            return context.finding(change,
                "\(ModelRuleContext.quoted(change.current)) \(what), and '\(change.entity)' syncs with CloudKit, which "
                    + "requires every attribute to be optional or defaulted: the updated app fails to load its store at "
                    + "launch for every user; keep a default value"
                    + (context.declarations.declarations(of: change.entity).first?.source == .swiftData ? " on the declaration" : "")
                    + " or keep it optional")
        }
    }
}
