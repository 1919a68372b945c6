import CKSchemaCore
import CKSchemaModels
import Foundation

/// The models of each `VersionedSchema`, for comparing one version with the next.
extension ModelAssembler {
    /// Each versioned schema that declares models inside it, with those models (and the earlier versions' models
    /// it names through type aliases), oldest first: in the order of a
    /// `SchemaMigrationPlan`'s `schemas` (the first plan that lists them), else by `versionIdentifier`, else as
    /// declared. `nil` with fewer than two. What reading them reports is left out: the main read says it.
    func versions(configurations: [ModelConfiguration]) -> [DataModelVersion]? {
        var bySchema: [String: [PendingModelClass]] = [:]
        var declared: [String] = []
        for model in classes {
            guard let schema = versionedSchema(of: model) else { continue }
            if bySchema[schema] == nil { declared.append(schema) }
            bySchema[schema, default: []].append(model)
        }
        guard declared.count >= 2 else { return nil }
        // A version that keeps an earlier version's model writes a type alias to it (`typealias Trip = SchemaV1.Trip`).
        for alias in index.typeAliases.values.sorted(by: { $0.qualifiedName < $1.qualifiedName }) {
            guard let scope = alias.scope, bySchema[scope] != nil,
                  let target = index.type(named: alias.target, from: scope)?.qualifiedName,
                  let model = classes.first(where: { $0.qualifiedName == target }),
                  !bySchema[scope, default: []].contains(where: { $0.name == model.name }) else { continue }
            bySchema[scope, default: []].append(model)
        }
        var reader = self  // its diagnostics are the main read's again
        return ordered(declared, models: bySchema).map { schema in
            var entities = bySchema[schema, default: []].map { reader.entity($0) }
            linkInverses(&entities)
            return DataModelVersion(model: DataModel(entities: entities, configurations: configurations), name: schema)
        }
    }

    /// The schemas in the migration plan's order; those it does not list after, by version identifier.
    private func ordered(_ schemas: [String], models: [String: [PendingModelClass]]) -> [String] {
        var planned: [String] = []
        for plan in index.types.values.sorted(by: { $0.qualifiedName < $1.qualifiedName })
        where index.conforms(plan, to: "SchemaMigrationPlan") {
            guard planned.isEmpty, let list = plan.properties["schemas"]?.valueText else { continue }
            for item in list.split(separator: ",") {
                let text = item.trimmingCharacters(in: CharacterSet(charactersIn: "[] \n"))
                guard text.hasSuffix(".self"),
                      let schema = index.type(named: String(text.dropLast(5)), from: plan.qualifiedName)?.qualifiedName,
                      schemas.contains(schema), !planned.contains(schema) else { continue }
                planned.append(schema)
            }
        }
        let rest = schemas.filter { !planned.contains($0) }.enumerated().sorted { first, second in
            let a = models[first.element].flatMap(\.first).map(version) ?? []
            let b = models[second.element].flatMap(\.first).map(version) ?? []
            return a == b ? first.offset < second.offset : a.lexicographicallyPrecedes(b)
        }.map(\.element)
        return planned + rest
    }

    /// The custom migration stages the code declares: static properties whose value is (or holds) a
    /// `MigrationStage.custom(…)`, in a `SchemaMigrationPlan` or typed `MigrationStage` anywhere.
    func customStages() -> [NamedLocation]? {
        var found: [NamedLocation] = []
        for type in index.types.values.sorted(by: { $0.qualifiedName < $1.qualifiedName }) {
            let isPlan = index.conforms(type, to: "SchemaMigrationPlan")
            for property in type.properties.values.sorted(by: { $0.name < $1.name }) {
                guard let value = property.valueText else { continue }
                let custom = value.contains("MigrationStage.custom(")
                    || (value.contains(".custom(") && (isPlan || property.declaredType == "MigrationStage"))
                if custom { found.append(NamedLocation(name: "\(type.qualifiedName).\(property.name)", location: property.location)) }
            }
        }
        return found.isEmpty ? nil : found
    }
}
