/// Compares the model that shipped with the model now into a `ModelChangeSet`.
///
/// Elements are paired by name; what is left is paired by renaming identifier, as Core Data's migration pairs
/// them: an element now whose renaming identifier (`elementID`, `@Attribute(originalName:)`) is the shipped
/// one's name or renaming identifier continues it, and is `renamed`. Everything else is `added` or `removed`;
/// a removal and an addition that look alike (same type, similar name, the only such pair) carry a
/// `renameHint` each, never a rename. Transient attributes are not stored, so they are left out.
package enum ModelDiffer {
    package static func diff(shipped: DataModel, current: DataModel) -> ModelChangeSet {
        ModelChangeSet(walk(
            .entity, shipped: unique(shipped.entities), current: unique(current.entities), name: \.name,
            identifier: \.renamingIdentifier, side: { entity, _ in side(entity) }, signature: ModelRenameHints.signature(of:),
            compare: { before, after in entityChanges(before, after) + propertyChanges(before, after) }))
    }

    /// The changes between two lists of elements of one kind: each element now paired with the one it continues
    /// (`compare`d, and `renamed` when the names differ) or `added`; the shipped ones left over `removed`; then
    /// the rename hints among the removals and additions, by `signature`.
    static func walk<Element>(
        _ element: ModelChange.Element, shipped old: [Element], current new: [Element], name: KeyPath<Element, String>,
        identifier: KeyPath<Element, String?>, side: (Element, _ shipped: Bool) -> ModelChange.Side,
        signature: (Element) -> String?, compare: (Element, Element) -> [ModelChange]
    ) -> [ModelChange] {
        let pairs = pair(old, new, name: name, identifier: identifier)
        var changes: [ModelChange] = []
        var added: [Int: Element] = [:], removed: [Int: Element] = [:]
        for (index, item) in new.enumerated() {
            guard let match = pairs.shippedOf[index] else {
                added[changes.count] = item
                changes.append(ModelChange(element: element, kind: .added, shipped: nil, current: side(item, false)))
                continue
            }
            if old[match][keyPath: name] != item[keyPath: name] {
                changes.append(ModelChange(element: element, kind: .renamed, shipped: side(old[match], true),
                                           current: side(item, false)))
            }
            changes += compare(old[match], item)
        }
        for (index, item) in old.enumerated() where !pairs.matchedShipped.contains(index) {
            removed[changes.count] = item
            changes.append(ModelChange(element: element, kind: .removed, shipped: side(item, true), current: nil))
        }
        ModelRenameHints.add(removed: removed.keys.sorted(), added: added.keys.sorted(), in: &changes) { change in
            (added[change] ?? removed[change]).flatMap(signature)
        }
        return changes
    }

    /// The first entity of each name (a duplicated name is reported by the reader).
    private static func unique(_ entities: [ModelEntity]) -> [ModelEntity] {
        var seen = Set<String>()
        return entities.filter { seen.insert($0.name).inserted }
    }

    /// Pairs shipped and current elements: by name first, then by renaming identifier.
    static func pair<Element>(_ shipped: [Element], _ current: [Element], name: KeyPath<Element, String>,
                              identifier: KeyPath<Element, String?>) -> (shippedOf: [Int: Int], matchedShipped: Set<Int>) {
        var shippedOf: [Int: Int] = [:]
        var matched = Set<Int>()
        let byName = Dictionary(shipped.enumerated().map { ($1[keyPath: name], $0) }, uniquingKeysWith: { first, _ in first })
        for (index, element) in current.enumerated() {
            if let match = byName[element[keyPath: name]], !matched.contains(match) {
                shippedOf[index] = match
                matched.insert(match)
            }
        }
        for (index, element) in current.enumerated() where shippedOf[index] == nil {
            guard let earlier = element[keyPath: identifier], !earlier.isEmpty else { continue }
            let match = shipped.indices.first { candidate in
                !matched.contains(candidate)
                    && (shipped[candidate][keyPath: name] == earlier || shipped[candidate][keyPath: identifier] == earlier)
            }
            if let match {
                shippedOf[index] = match
                matched.insert(match)
            }
        }
        return (shippedOf, matched)
    }

    // MARK: - Entities

    private static func entityChanges(_ before: ModelEntity, _ after: ModelEntity) -> [ModelChange] {
        var changes: [ModelChange] = []
        if before.parent != after.parent {
            changes.append(change(.entity, .parentChanged, before, after, before.parent ?? "none", after.parent ?? "none"))
        }
        let was = uniqueness(before), now = uniqueness(after)
        if was != now {
            changes.append(change(.entity, .uniquenessChanged, before, after, describe(was), describe(now)))
        }
        return changes
    }

    /// The entity's uniqueness constraints as sets of property names.
    private static func uniqueness(_ entity: ModelEntity) -> Set<Set<String>> {
        Set(entity.uniquenessConstraints.map { Set($0.properties) }
            + entity.attributes.filter(\.isUnique).map { [$0.name] })
    }

    private static func describe(_ constraints: Set<Set<String>>) -> String {
        guard !constraints.isEmpty else { return "not unique" }
        return "unique on " + constraints.map { $0.sorted().joined(separator: " + ") }.sorted().joined(separator: ", ")
    }

    private static func change(_ element: ModelChange.Element, _ kind: ModelChange.Kind, _ before: ModelEntity,
                               _ after: ModelEntity, _ old: String, _ new: String) -> ModelChange {
        ModelChange(element: element, kind: kind, shipped: side(before, value: old), current: side(after, value: new))
    }

    static func side(_ entity: ModelEntity, value: String? = nil) -> ModelChange.Side {
        ModelChange.Side(entity: entity.name, value: value, location: entity.location)
    }
}
