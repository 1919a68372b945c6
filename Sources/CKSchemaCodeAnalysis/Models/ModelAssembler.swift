import CKSchemaCore
import CKSchemaModels
import Foundation

/// Turns the `@Model` classes of every file into entities once the module's declarations are merged:
/// resolves each property's type, keeps one class per entity name (the current `VersionedSchema`'s), links
/// inverse relationships both ways and resolves the configurations' entity lists.
struct ModelAssembler {
    let index: DeclarationIndex
    let classes: [PendingModelClass]
    let schemaEvidence: [String]
    let schemaVariables: [String: PendingEntityList]
    private(set) var diagnostics: [Diagnostic] = []

    init(index: DeclarationIndex, classes: [PendingModelClass], schemaEvidence: [String],
         schemaVariables: [String: PendingEntityList]) {
        self.index = index
        // A class declared in an extension written through a type alias is filed under the aliased type.
        self.classes = classes.map { model in
            guard let filed = index.type(named: model.qualifiedName, from: nil)?.qualifiedName,
                  filed != model.qualifiedName else { return model }
            var renamed = model
            renamed.qualifiedName = filed
            renamed.scope = filed.lastIndex(of: ".").map { String(filed[..<$0]) }
            return renamed
        }
        self.schemaEvidence = schemaEvidence
        self.schemaVariables = schemaVariables
    }

    mutating func model(configurations: [PendingConfiguration]) -> DataModel {
        let current = currentSchemas()
        var entities: [ModelEntity] = []
        for model in keepOnePerName(classes, current: current) { entities.append(entity(model)) }
        linkInverses(&entities)
        var read: [ModelConfiguration] = []
        for pending in configurations { read.append(configuration(pending)) }
        return DataModel(entities: entities, configurations: read)
    }

    // MARK: - Types

    /// The `@Model` class `text` names inside `scope`, if it names one.
    private func modelClass(_ text: String, from scope: String?) -> DeclarationIndex.TypeDeclaration? {
        guard let found = index.type(named: text, from: scope), found.kind == .class, found.hasAttribute("Model") else {
            return nil
        }
        return found
    }

    /// What a property type (without optionality) is for the model.
    func classify(_ text: String, from scope: String?, depth: Int = 0) -> ModelPropertyKind {
        guard depth < 8 else { return .unresolved("the type alias '\(text)' does not end in a type") }
        if text.hasSuffix("#member") { return classifyMember(String(text.dropLast(7)), from: scope) }
        let type = ModelValueTypes.withoutModule(text)
        if let scalar = ModelValueTypes.scalars[type] { return .attribute(scalar) }
        if let element = ModelValueTypes.collectionElement(type) {
            let bare = ModelValueTypes.unwrapped(element).type
            if let destination = modelClass(bare, from: scope) { return .relationship(destination: destination.name, toMany: true) }
            return .attribute(.transformable)
        }
        if ModelValueTypes.isDictionary(type) { return .attribute(.transformable) }
        if let declared = index.type(named: type, from: scope) {
            switch declared.kind {
            case .class? where declared.hasAttribute("Model"):
                return .relationship(destination: declared.name, toMany: false)
            case .enum?, .struct?, nil:
                if index.conforms(declared, to: "Codable") { return .attribute(.codableValue) }
                return .unresolved("'\(text)' is declared in the scanned code but is not Codable, so SwiftData cannot store it")
            case let kind?:
                return .unresolved("'\(text)' is a \(kind.rawValue) that is not a @Model class")
            }
        }
        if let alias = index.alias(named: type, from: scope) {
            return classify(ModelValueTypes.unwrapped(alias.target).type, from: alias.scope, depth: depth + 1)
        }
        return .unresolved("the type '\(text)' is not declared in the scanned code")
    }

    /// An initial value `Base.member` without an annotation: a scalar's static (`Date.now`), an enum case
    /// (`Status.draft`), or a static property with a declared type.
    private func classifyMember(_ text: String, from scope: String?) -> ModelPropertyKind {
        guard let dot = text.lastIndex(of: ".") else { return .unresolved("'\(text)' does not say its type") }
        let base = String(text[..<dot]), member = String(text[text.index(after: dot)...])
        if let scalar = ModelValueTypes.scalars[ModelValueTypes.withoutModule(base)] { return .attribute(scalar) }
        if let declared = index.type(named: base, from: scope) {
            if declared.cases.contains(where: { $0.name == member }) { return classify(base, from: scope) }
            if let property = declared.properties[member], property.isStatic, let type = property.declaredType {
                return classify(ModelValueTypes.unwrapped(type).type, from: declared.qualifiedName)
            }
        }
        return .unresolved("the initial value '\(text)' does not say its type; annotate the property")
    }

    // MARK: - Entities

    mutating func entity(_ model: PendingModelClass) -> ModelEntity {
        let parent = model.inheritedTypes.compactMap { modelClass($0, from: model.scope) }.first?.name
        var entity = ModelEntity(name: model.name, className: model.qualifiedName, parent: parent, source: .swiftData,
                                 enclosingTypes: model.scope.map { $0.split(separator: ".").map(String.init) } ?? [],
                                 uniquenessConstraints: model.uniquenessConstraints, location: model.location)
        for property in model.properties {
            let written = property.typeText.map(ModelValueTypes.unwrapped)
            let kind = written.map { classify($0.type, from: model.qualifiedName) }
                ?? .unresolved("'\(property.name)' has no type annotation and its initial value does not say its type")
            let declaredType = property.typeText.flatMap { $0.hasSuffix("#member") ? nil : $0 }
            let isOptional = written?.optional ?? false
            if case .relationship(let destination, let toMany) = kind {
                let macro = property.relationship
                entity.relationships.append(ModelRelationship(
                    name: property.name, destination: destination, isToMany: toMany, isOptional: isOptional,
                    inverse: macro?.inverse?.property, deleteRule: macro?.deleteRule ?? .nullify,
                    minCount: macro?.minimumCount, maxCount: macro?.maximumCount, declaredType: declaredType,
                    location: property.location, originalName: macro?.originalName))
                continue
            }
            let options = property.attribute
            var type: ModelAttributeType = .unresolved
            switch kind {
            case .attribute(let resolved): type = resolved
            case .unresolved(let reason) where !options.isTransformable:
                diagnostics.append(Diagnostic(
                    id: ModelReadDiagnostics.typeUnresolved, severity: .note,
                    message: "the CloudKit field type of '\(model.name).\(property.name)' cannot be known: \(reason)",
                    location: property.location))
            default: break
            }
            if options.isTransformable { type = .transformable }
            entity.attributes.append(ModelAttribute(
                name: property.name, type: type, declaredType: declaredType, isOptional: isOptional,
                hasDefault: property.hasDefault, isTransient: options.isEphemeral,
                allowsCloudEncryption: options.allowsCloudEncryption, allowsExternalStorage: options.externalStorage,
                isUnique: options.isUnique, originalName: options.originalName ?? property.relationship?.originalName,
                location: property.location, defaultValue: property.defaultValue, transformerName: options.transformerName))
            if options.isUnique {
                entity.uniquenessConstraints.append(ModelUniquenessConstraint(properties: [property.name], location: property.location))
            }
        }
        return entity
    }

    /// Fills in the other side of each inverse: `@Relationship(inverse: \Trip.owner) var trips: [Trip]?` on
    /// `Person` makes `Trip.owner`'s inverse `trips`, whichever side declares it.
    func linkInverses(_ entities: inout [ModelEntity]) {
        let positions = Dictionary(entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for source in entities.indices {
            for relationship in entities[source].relationships {
                guard let inverse = relationship.inverse, let target = positions[relationship.destination],
                      let other = entities[target].relationships.firstIndex(where: { $0.name == inverse }),
                      entities[target].relationships[other].inverse == nil,
                      entities[target].relationships[other].destination == entities[source].name else { continue }
                entities[target].relationships[other].inverse = relationship.name
            }
        }
    }

    // MARK: - Versions

    /// The `VersionedSchema` enclosing a class, if any (`SchemaV2` for `SchemaV2.Trip`).
    func versionedSchema(of model: PendingModelClass) -> String? {
        for scope in DeclarationIndex.scopes(from: model.scope) where !scope.isEmpty {
            if let declared = index.types[scope], index.conforms(declared, to: "VersionedSchema") { return scope }
        }
        return nil
    }

    /// The versioned schemas the code says it uses now: `Schema(versionedSchema: X.self)`, a model of X named
    /// in a container, configuration or `Schema([…])`, `typealias Trip = X.Trip`; else the last schema of a
    /// `SchemaMigrationPlan`'s `schemas`.
    private func currentSchemas() -> Set<String> {
        var current: Set<String> = []
        func note(_ text: String, from scope: String?) {
            guard let declared = index.type(named: text, from: scope) else { return }
            if index.conforms(declared, to: "VersionedSchema") {
                current.insert(declared.qualifiedName)
            } else if let model = classes.first(where: { $0.qualifiedName == declared.qualifiedName }),
                      let schema = versionedSchema(of: model) {
                current.insert(schema)
            }
        }
        for text in schemaEvidence { note(text, from: nil) }
        for alias in index.typeAliases.values { note(alias.target, from: alias.scope) }
        if current.isEmpty {
            for plan in index.types.values where index.conforms(plan, to: "SchemaMigrationPlan") {
                guard let list = plan.properties["schemas"]?.valueText,
                      let last = list.split(separator: ",").last?.trimmingCharacters(in: CharacterSet(charactersIn: "[] \n")),
                      last.hasSuffix(".self") else { continue }
                note(String(last.dropLast(5)), from: plan.qualifiedName)
            }
        }
        return current
    }

    /// One class per entity name. The same class in several versioned schemas: the current schema's; when
    /// the code does not say, the highest `versionIdentifier` (else the last declared) with a warning. Two
    /// unrelated classes of one name: an error, the first kept.
    private mutating func keepOnePerName(_ all: [PendingModelClass], current: Set<String>) -> [PendingModelClass] {
        var groups: [String: [PendingModelClass]] = [:]
        for model in all { groups[model.name, default: []].append(model) }
        var kept: [String: String] = [:]  // entity name → qualified name of the class kept
        for (name, group) in groups {
            if group.count == 1 {
                // A model only an older schema version still declares is not in the container.
                if current.count == 1, let schema = versionedSchema(of: group[0]), !current.contains(schema) { continue }
                kept[name] = group[0].qualifiedName
                continue
            }
            let schemas = group.map(versionedSchema)
            guard schemas.allSatisfy({ $0 != nil }), Set(schemas).count == group.count else {
                let first = group[0]
                for duplicate in group.dropFirst() {
                    diagnostics.append(Diagnostic(
                        id: ModelReadDiagnostics.duplicateEntity, severity: .error,
                        message: "two models have the entity name '\(name)' ('\(first.qualifiedName)' and '\(duplicate.qualifiedName)'); "
                            + "both would be the record type 'CD_\(name)'",
                        location: duplicate.location, notes: [Note("'\(first.qualifiedName)' is declared here", at: first.location)]))
                }
                kept[name] = first.qualifiedName
                continue
            }
            let inUse = group.filter { current.contains(versionedSchema(of: $0) ?? "") }
            if inUse.count == 1 {
                kept[name] = inUse[0].qualifiedName
                continue
            }
            let chosen = group.max { version(of: $0).lexicographicallyPrecedes(version(of: $1)) } ?? group[group.count - 1]
            diagnostics.append(Diagnostic(
                id: ModelReadDiagnostics.versionAmbiguous, severity: .warning,
                message: "'\(name)' is declared in \(group.map { "'\(versionedSchema(of: $0) ?? "")'" }.joined(separator: ", ")) and the code "
                    + "does not say which schema the container uses; '\(chosen.qualifiedName)' was read",
                location: chosen.location))
            kept[name] = chosen.qualifiedName
        }
        return all.filter { kept[$0.name] == $0.qualifiedName }
    }

    /// `static let versionIdentifier = Schema.Version(2, 1, 0)` of the class's versioned schema, as numbers.
    func version(of model: PendingModelClass) -> [Int] {
        guard let schema = versionedSchema(of: model),
              let text = index.types[schema]?.properties["versionIdentifier"]?.valueText else { return [] }
        return text.split { !$0.isNumber }.compactMap { Int($0) }
    }

    // MARK: - Configurations

    private mutating func configuration(_ pending: PendingConfiguration) -> ModelConfiguration {
        ModelConfiguration(name: pending.name, cloudKit: pending.cloudKit,
                           entities: pending.entities.flatMap { entities($0, at: pending.location, depth: 0) },
                           source: .swiftData, location: pending.location)
    }

    /// The entity names `owner.property` lists: an array of types (`[Trip.self, Stop.self]`), or another static
    /// property holding one (`{ AppModels.all }`, `{ all }`), followed a few steps; `nil` when it is neither.
    private func listedModels(_ owner: DeclarationIndex.TypeDeclaration, property: String, depth: Int) -> [String]? {
        guard depth < 4, let declared = owner.properties[property] else { return nil }
        return listedModels(declared, scope: owner.qualifiedName, owner: owner, depth: depth)
    }

    private func listedModels(_ declared: DeclarationIndex.PropertyDeclaration, scope: String?,
                              owner: DeclarationIndex.TypeDeclaration?, depth: Int) -> [String]? {
        if let text = declared.valueText, text.hasPrefix("["), text.hasSuffix("]") {
            let items = text.dropFirst().dropLast().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            guard items.allSatisfy({ $0.hasSuffix(".self") }) else { return nil }
            return items.map { item in
                let name = String(item.dropLast(5))
                return modelClass(name, from: scope)?.name ?? String(name.split(separator: ".").last ?? Substring(name))
            }
        }
        guard let path = declared.valuePath, let member = path.last else { return nil }
        if path.count == 1 {
            return owner.flatMap { listedModels($0, property: member, depth: depth + 1) }
        }
        return index.type(named: path.dropLast().joined(separator: "."), from: scope)
            .flatMap { listedModels($0, property: member, depth: depth + 1) }
    }

    /// `Schema(AppModels.all)`, `Schema(allModels)`: the list the property holds. A bare name is the one static
    /// property or global of that name in the scanned code that holds such a list (the call's own type is not
    /// known here).
    private func listedModels(named text: String) -> [String]? {
        var path = text.split(separator: ".").map(String.init)
        if path.first == "Self" || path.first == "self" { path.removeFirst() }
        guard let member = path.last else { return nil }
        if path.count > 1 {
            return index.type(named: path.dropLast().joined(separator: "."), from: nil)
                .flatMap { listedModels($0, property: member, depth: 0) }
        }
        var found = index.types.values.filter { $0.properties[member]?.isStatic == true }
            .compactMap { listedModels($0, property: member, depth: 0) }
        if let global = index.globals[member], let listed = listedModels(global, scope: nil, owner: nil, depth: 0) {
            found.append(listed)
        }
        return found.count == 1 ? found[0] : nil
    }

    private mutating func entities(_ list: PendingEntityList, at location: SourceLocation, depth: Int) -> [String]? {
        switch list {
        case .types(let texts):
            return texts.map { modelClass($0, from: nil)?.name ?? String($0.split(separator: ".").last ?? Substring($0)) }
        case .versioned(let text):
            guard let schema = index.type(named: text, from: nil) else { return nil }
            let nested = classes.filter { $0.qualifiedName.hasPrefix(schema.qualifiedName + ".") }.map(\.name)
            if !nested.isEmpty { return nested }
            // Models declared elsewhere: the list its `models` returns.
            if let listed = listedModels(schema, property: "models", depth: 0) { return listed }
            return everyModel(because: "the versioned schema '\(text)' declares no model inside it and its 'models' is "
                + "not a list of types the reader can follow", at: location)
        case .listed(let text):
            if let listed = listedModels(named: text) { return listed }
            return everyModel(because: "the models '\(text)' of this configuration's schema are not a list of types the "
                + "reader can follow", at: location)
        case .variable(let name):
            if depth == 0, let held = schemaVariables[name], held != list {
                return entities(held, at: location, depth: depth + 1)
            }
            return everyModel(because: "the schema '\(name)' of this configuration is not a Schema(…) the reader can "
                + "follow", at: location)
        }
    }

    /// A configuration whose models the reader cannot tell holds every model (`nil`), with a note saying why.
    private mutating func everyModel(because reason: String, at location: SourceLocation) -> [String]? {
        diagnostics.append(Diagnostic(id: ModelReadDiagnostics.sourceUnread, severity: .note,
                                      message: "\(reason); it is taken to hold every model", location: location))
        return nil
    }
}
