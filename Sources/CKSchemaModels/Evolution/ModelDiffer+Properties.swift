/// The attribute and relationship changes of one entity that exists in both versions.
extension ModelDiffer {
    static func propertyChanges(_ before: ModelEntity, _ after: ModelEntity) -> [ModelChange] {
        attributeChanges(before, after) + relationshipChanges(before, after)
    }

    // MARK: - Attributes

    private static func attributeChanges(_ before: ModelEntity, _ after: ModelEntity) -> [ModelChange] {
        walk(.attribute, shipped: before.attributes.filter { !$0.isTransient }, current: after.attributes.filter { !$0.isTransient },
             name: \.name, identifier: \.originalName,
             side: { attribute, shipped in side(shipped ? before : after, attribute, ModelChangeWords.type(of: attribute)) },
             signature: { ModelChangeWords.type(of: $0) },
             compare: { old, new in compare(old, before, new, after) })
    }

    private static func compare(_ old: ModelAttribute, _ oldEntity: ModelEntity, _ new: ModelAttribute,
                                _ newEntity: ModelEntity) -> [ModelChange] {
        var changes: [ModelChange] = []
        func add(_ kind: ModelChange.Kind, _ was: String, _ now: String) {
            changes.append(ModelChange(element: .attribute, kind: kind, shipped: side(oldEntity, old, was),
                                       current: side(newEntity, new, now)))
        }
        if !ModelChangeWords.sameType(old, new) {
            add(.typeChanged, ModelChangeWords.type(of: old), ModelChangeWords.type(of: new))
        }
        if old.isOptional != new.isOptional {
            add(.optionalityChanged, ModelChangeWords.optionality(old.isOptional), ModelChangeWords.optionality(new.isOptional))
        }
        if old.hasDefault != new.hasDefault || (old.defaultValue != nil && new.defaultValue != nil && old.defaultValue != new.defaultValue) {
            add(.defaultChanged, ModelChangeWords.defaultValue(of: old), ModelChangeWords.defaultValue(of: new))
        }
        if old.allowsCloudEncryption != new.allowsCloudEncryption {
            add(.encryptionChanged, ModelChangeWords.encryption(old.allowsCloudEncryption),
                ModelChangeWords.encryption(new.allowsCloudEncryption))
        }
        if old.allowsExternalStorage != new.allowsExternalStorage {
            add(.externalStorageChanged, ModelChangeWords.externalStorage(old.allowsExternalStorage),
                ModelChangeWords.externalStorage(new.allowsExternalStorage))
        }
        if old.transformerName != new.transformerName {
            add(.transformerChanged, old.transformerName ?? "no transformer", new.transformerName ?? "no transformer")
        }
        return changes
    }

    // MARK: - Relationships

    private static func relationshipChanges(_ before: ModelEntity, _ after: ModelEntity) -> [ModelChange] {
        walk(.relationship, shipped: before.relationships, current: after.relationships, name: \.name,
             identifier: \.originalName,
             side: { relationship, shipped in side(shipped ? before : after, relationship, ModelChangeWords.shape(of: relationship)) },
             signature: { ModelChangeWords.shape(of: $0) },
             compare: { old, new in compare(old, before, new, after) })
    }

    private static func compare(_ old: ModelRelationship, _ oldEntity: ModelEntity, _ new: ModelRelationship,
                                _ newEntity: ModelEntity) -> [ModelChange] {
        var changes: [ModelChange] = []
        func add(_ kind: ModelChange.Kind, _ was: String, _ now: String) {
            changes.append(ModelChange(element: .relationship, kind: kind, shipped: side(oldEntity, old, was),
                                       current: side(newEntity, new, now)))
        }
        if old.destination != new.destination { add(.destinationChanged, old.destination, new.destination) }
        if old.isToMany != new.isToMany {
            add(.cardinalityChanged, ModelChangeWords.cardinality(old.isToMany), ModelChangeWords.cardinality(new.isToMany))
        }
        if old.isOptional != new.isOptional {
            add(.optionalityChanged, ModelChangeWords.optionality(old.isOptional), ModelChangeWords.optionality(new.isOptional))
        }
        if old.inverse != new.inverse { add(.inverseChanged, old.inverse ?? "no inverse", new.inverse ?? "no inverse") }
        if old.deleteRule != new.deleteRule { add(.deleteRuleChanged, old.deleteRule.rawValue, new.deleteRule.rawValue) }
        if old.isOrdered != new.isOrdered {
            add(.orderingChanged, old.isOrdered ? "ordered" : "unordered", new.isOrdered ? "ordered" : "unordered")
        }
        return changes
    }

    // MARK: - Sides

    private static func side(_ entity: ModelEntity, _ attribute: ModelAttribute, _ value: String) -> ModelChange.Side {
        ModelChange.Side(entity: entity.name, property: attribute.name, value: value, location: attribute.location ?? entity.location)
    }

    private static func side(_ entity: ModelEntity, _ relationship: ModelRelationship, _ value: String) -> ModelChange.Side {
        ModelChange.Side(entity: entity.name, property: relationship.name, value: value,
                         location: relationship.location ?? entity.location)
    }
}
