import CKSchemaCore

/// A mirrored many-to-many relationship was renamed with a renaming identifier since the model shipped.
struct ModelManyToManyRenamedRule: ModelRule {
    static let description = RuleDescription(
        id: "model_many_to_many_renamed", kind: .model, category: .naming, defaultSeverity: .error,
        summary: "A synced many-to-many relationship must not be renamed with a renaming identifier.",
        rationale: """
            A many-to-many link syncs as a `CDMR` record naming both relationships (`CD_relationships`, \
            `"tags:posts"`). Renaming either side with a renaming identifier is refused: '… Older devices can't \
            process the new relationships.' — a crash on launch reported from a real app on devices that had \
            synced. Older versions still installed keep writing links under the old name. Add a new relationship \
            pair, copy the links in code, and keep the old pair.
            """,
        examples: .models(triggering: [
            ModelExample(
                shipped: ModelExampleText.model(
                    ModelExampleText.entity("Post", ModelExampleText.relationship("tags", to: "Tag", toMany: true, inverse: "posts")),
                    ModelExampleText.entity("Tag", ModelExampleText.relationship("posts", to: "Post", toMany: true, inverse: "tags"))),
                model: ModelExampleText.model(
                    ModelExampleText.entity("Post", ModelExampleText.relationship(
                        "labels", to: "Tag", toMany: true, inverse: "posts", " elementID=\"tags\"", marked: true)),
                    ModelExampleText.entity("Tag", ModelExampleText.relationship("posts", to: "Post", toMany: true, inverse: "labels")))),
        ], nonTriggering: [
            ModelExample(
                shipped: ModelExampleText.tripAndOwner(owner: ModelExampleText.owner, trips: ModelExampleText.trips),
                model: ModelExampleText.tripAndOwner(
                    owner: ModelExampleText.owner,
                    trips: ModelExampleText.relationship("journeys", to: "Trip", toMany: true, inverse: "owner", " elementID=\"trips\""))),
        ]))

    func check(_ context: ModelRuleContext) -> [Diagnostic] {
        guard let evolution = context.evolution else { return [] }
        return evolution.mirroredChanges(.renamed, of: .relationship).filter(evolution.isManyToMany).map { change in
            context.finding(change,
                "many-to-many relationship \(ModelRuleContext.quoted(change.shipped)) is renamed to "
                    + "\(ModelRuleContext.quoted(change.current)) with a renaming identifier: its links sync as CDMR "
                    + "records naming the relationship, and devices that have synced crash loading the store (older "
                    + "versions still installed keep writing the old name); add a new relationship pair, copy the "
                    + "links in code, and keep the old pair")
        }
    }
}
