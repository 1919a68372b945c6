import CKSchemaCore

/// A synced relationship turned from to-one to to-many, or back.
struct ModelCardinalityChangedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_cardinality_changed", kind: .model, category: .structure, defaultSeverity: .warning,
        summary: "A synced relationship should not change between to-one and to-many (an error when renamed with an identifier too).",
        rationale: """
            The wire form changes: a to-one is a STRING field on the record, the to-many side of a one-to-many has \
            no field, and a many-to-many is CDMR join records. Older versions still installed keep writing the old \
            form, the updated app does not read it, and the old field stays in production. With a renaming \
            identifier the migration itself is refused ('Unsupported relationship migration'), so the store fails \
            to load. Add a new relationship with the new cardinality, copy the links in code, and keep the old one.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.relationship("owner", to: "Person", toMany: true, inverse: "trips", marked: true),
                    trips: ModelExampleText.trips)),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.relationship("owner", to: "Person", toMany: false, inverse: "trips", " deletionRule=\"Cascade\""),
                    trips: ModelExampleText.trips)),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        let renamed = Set(evolution.mirroredChanges(.renamed, of: .relationship).compactMap { $0.current?.name })
        return evolution.mirroredChanges(.cardinalityChanged, of: .relationship).map { change in
            let identified = change.current.map { renamed.contains($0.name) } ?? false
            return context.finding(change,
                "relationship \(ModelRuleContext.quoted(change.current)) changed from \(change.shipped?.value ?? "?") to "
                    + "\(change.current?.value ?? "?"): its CloudKit form changes (a STRING field, no field, or CDMR "
                    + "records), older versions still installed keep writing the old one, which the updated app does not "
                    + "read" + (identified ? ", and with a renaming identifier the migration is refused and the store fails to load" : "")
                    + "; add a new relationship, copy the links in code, and keep the old one",
                severity: identified ? .error : nil)
        }
    }
}
