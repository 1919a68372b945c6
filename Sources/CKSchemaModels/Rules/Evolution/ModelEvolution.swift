package import CKSchemaCore

/// What the evolution rules see beside the model now: the model that shipped, the changes between the two,
/// and which entities each version mirrors.
package struct ModelEvolution: Sendable {
    package let shipped: ShippedModel
    package let changes: ModelChangeSet
    private let shippedMirroring: ModelMirroring
    private let currentMirroring: ModelMirroring
    private let current: DataModel

    package init(shipped: ShippedModel, current: DataModel) {
        self.shipped = shipped
        self.current = current
        self.changes = ModelDiffer.diff(shipped: shipped.model, current: current)
        self.shippedMirroring = ModelMirroring(shipped.model)
        self.currentMirroring = ModelMirroring(current)
    }

    /// The changes of `kind` (to `element`, when given) to entities that sync: mirrored now, or, for a removal,
    /// mirrored as shipped. A model that never synced can change freely.
    package func mirroredChanges(_ kind: ModelChange.Kind, of element: ModelChange.Element? = nil) -> [ModelChange] {
        changes.changes(kind, of: element).filter { change in
            guard let shippedSide = change.shipped else { return currentMirroring.isMirrored(change.entity) }
            return shippedMirroring.isMirrored(shippedSide.entity)
                && (change.current.map { currentMirroring.isMirrored($0.entity) } ?? true)
        }
    }

    /// The attribute a side names, in the version it belongs to.
    package func attribute(_ side: ModelChange.Side?, shipped isShipped: Bool) -> ModelAttribute? {
        guard let side, let name = side.property else { return nil }
        return entity(side.entity, shipped: isShipped)?.attributes.first { $0.name == name }
    }

    /// The relationship a side names, in the version it belongs to.
    package func relationship(_ side: ModelChange.Side?, shipped isShipped: Bool) -> ModelRelationship? {
        guard let side, let name = side.property else { return nil }
        return entity(side.entity, shipped: isShipped)?.relationships.first { $0.name == name }
    }

    package func entity(_ name: String, shipped isShipped: Bool) -> ModelEntity? {
        (isShipped ? shipped.model : current).entity(named: name)
    }

    /// True for a relationship change whose relationship is to-many with a to-many inverse, now.
    package func isManyToMany(_ change: ModelChange) -> Bool {
        guard change.element == .relationship, let relationship = relationship(change.current, shipped: false),
              relationship.isToMany, let inverse = relationship.inverse else { return false }
        return entity(relationship.destination, shipped: false)?.relationships.first { $0.name == inverse }?.isToMany == true
    }

    /// A note pointing at the element as it shipped.
    package func shippedNote(_ change: ModelChange) -> [Note] {
        guard let side = change.shipped, change.current != nil else { return [] }
        return [Note("as shipped in \(shipped.name): \(side.value.map { "'\(side.name)', \($0)" } ?? "'\(side.name)'")",
                     at: side.location)]
    }
}

extension ModelRuleContext {
    /// The evolution rules' finding for `change`: located at the element now (where it was, for a removal),
    /// with a note at the shipped one.
    package func finding(_ change: ModelChange, _ message: String, severity: Severity? = nil) -> Diagnostic {
        finding(message, at: change.location, severity: severity, notes: evolution?.shippedNote(change) ?? [])
    }

    /// `'Trip.rating'`, quoted.
    package static func quoted(_ side: ModelChange.Side?) -> String {
        "'\(side?.name ?? "")'"
    }
}
