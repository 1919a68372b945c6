package import CKSchemaCore

/// The entities of a model by name, each stack apart. An app may declare one entity both as a SwiftData
/// `@Model` class and in a Core Data model (a backport for older systems, sharing the container): both describe
/// the one record type `CD_<name>` (`SharedEntityAgreement` judges whether they agree). Two declarations of one
/// name in one stack are an error, `model_duplicate_entity`, and the first is kept.
package struct ModelDeclarations: Sendable {
    /// The declarations kept — the first of each name in each stack — in model order.
    package let entities: [ModelEntity]
    /// The same-stack duplicates, each located at the later declaration.
    package let diagnostics: [Diagnostic]
    private let byStack: [ModelSourceKind: [String: ModelEntity]]
    private let byName: [String: [ModelEntity]]

    package init(_ model: DataModel) {
        var kept: [ModelEntity] = []
        var diagnostics: [Diagnostic] = []
        var byStack: [ModelSourceKind: [String: ModelEntity]] = [:]
        var byName: [String: [ModelEntity]] = [:]
        for entity in model.entities {
            if let first = byStack[entity.source]?[entity.name] {
                let typeName = CloudKitFieldMapping.recordTypeName(root: entity.name)
                diagnostics.append(Diagnostic(
                    id: ModelReadDiagnostics.duplicateEntity, severity: .error,
                    message: "two models are named '\(entity.name)': both would be the record type '\(typeName)'; rename one",
                    location: entity.location, subject: .recordType(typeName),
                    notes: [Note("the first '\(entity.name)' is here", at: first.location)]))
                continue
            }
            byStack[entity.source, default: [:]][entity.name] = entity
            byName[entity.name, default: []].append(entity)
            kept.append(entity)
        }
        self.entities = kept
        self.diagnostics = diagnostics
        self.byStack = byStack
        self.byName = byName
    }

    /// The entities one stack declares, by name.
    package func stack(_ source: ModelSourceKind) -> [String: ModelEntity] {
        byStack[source] ?? [:]
    }

    /// The entity `name` as the stack of `source` declares it, else as another stack does (a relationship's
    /// destination is looked up in its own model first).
    package func entity(named name: String, in source: ModelSourceKind) -> ModelEntity? {
        byStack[source]?[name] ?? byName[name]?.first
    }

    /// The root of an entity's inheritance tree in its own stack, with what makes the entity its own root instead:
    /// a parent the stack does not declare, or parents that form a cycle.
    package func root(of entity: ModelEntity) -> (root: ModelEntity, problem: String?) {
        let stack = self.stack(entity.source)
        var current = entity
        var seen: Set<String> = [entity.name]
        while let parentName = current.parent {
            guard let parent = stack[parentName], !seen.contains(parentName) else {
                return (entity, stack[parentName] == nil ? "names the parent '\(parentName)', which is not a model"
                            : "is its own ancestor")
            }
            seen.insert(parentName)
            current = parent
        }
        return (current, nil)
    }

    /// Every stack's declaration of `name`, in model order.
    package func declarations(of name: String) -> [ModelEntity] {
        byName[name] ?? []
    }
}
