package import CKSchemaCore

/// Which entities of a model `NSPersistentCloudKitContainer` mirrors, from its configurations: an entity is
/// mirrored when a configuration that is not `.none` holds it (a configuration without an entity list holds
/// every entity). Each stack — the SwiftData models, the Core Data models — is judged by its own configurations
/// (and those of no known stack), since each creates its own container. A stack without configurations, or
/// with one whose mirroring the code computes, is assumed mirrored — said once, as a note.
package struct ModelMirroring: Sendable {
    /// The names of the entities some stack mirrors.
    package let mirrored: Set<String>
    /// The configuration each mirrored entity is mirrored through (the first that holds it), for messages.
    package let configurationOf: [String: ModelConfiguration]
    /// Why mirroring was assumed, when it was.
    package let assumption: Diagnostic?
    /// The names each stack mirrors.
    private let mirroredByStack: [ModelSourceKind: Set<String>]

    package init(_ model: DataModel) {
        var mirroredByStack: [ModelSourceKind: Set<String>] = [:]
        var configurationOf: [String: ModelConfiguration] = [:]
        var assumed: SourceLocation?? = nil
        var stacks: [ModelSourceKind] = []
        for entity in model.entities where !stacks.contains(entity.source) { stacks.append(entity.source) }
        for stack in stacks {
            let names = model.entities.filter { $0.source == stack }.map(\.name)
            let configurations = model.configurations.filter { $0.source == nil || $0.source == stack }
            var mirrored: Set<String> = []
            if configurations.isEmpty {
                mirrored = Set(names)
                if assumed == nil { assumed = .some(model.entities.first { $0.source == stack }?.location) }
            }
            for configuration in configurations where configuration.cloudKit != .none {
                if configuration.cloudKit == .unknown, assumed == nil { assumed = .some(configuration.location) }
                for name in configuration.entities ?? names where !mirrored.contains(name) || configurationOf[name] == nil {
                    mirrored.insert(name)
                    configurationOf[name] = configurationOf[name] ?? configuration
                }
            }
            mirroredByStack[stack] = mirrored
        }
        self.mirrored = mirroredByStack.values.reduce(into: []) { $0.formUnion($1) }
        self.mirroredByStack = mirroredByStack
        self.configurationOf = configurationOf
        self.assumption = assumed.map { location in
            Diagnostic(
                id: ModelReadDiagnostics.mirroringAssumed, severity: .note,
                message: "whether these models sync to CloudKit is decided where the container is created, which was not "
                    + "read; they are assumed mirrored (give a Core Data configuration 'Used with CloudKit', or SwiftData "
                    + "'ModelConfiguration(cloudKitDatabase:)', to say which)",
                location: location)
        }
    }

    /// Whether some stack mirrors an entity of this name.
    package func isMirrored(_ entity: String) -> Bool { mirrored.contains(entity) }

    /// Whether the stack that declares `entity` mirrors it.
    package func isMirrored(_ entity: ModelEntity) -> Bool { mirroredByStack[entity.source]?.contains(entity.name) ?? false }
}
