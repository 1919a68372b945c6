/// The record type a model change concerns: `CD_` and the name of its entity's inheritance root, in the version
/// that holds the entity (the current one, or the shipped one for a removal).
extension ModelChange {
    package func recordType(shipped: DataModel, current: DataModel) -> String {
        let (model, name) = self.current.map { (current, $0.entity) } ?? (shipped, self.shipped?.entity ?? entity)
        var root = name
        var seen: Set<String> = [name]
        while let parent = model.entity(named: root)?.parent, model.entity(named: parent) != nil, seen.insert(parent).inserted {
            root = parent
        }
        return CloudKitFieldMapping.recordTypeName(root: root)
    }
}
