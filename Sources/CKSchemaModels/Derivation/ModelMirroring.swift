package import CKSchemaCore

/// Which entities of a model `NSPersistentCloudKitContainer` mirrors, from its configurations: an entity is
/// mirrored when a configuration that is not `.none` holds it (a configuration without an entity list holds
/// every entity). A model without configurations, or with one whose mirroring the code computes, is assumed
/// mirrored — said once, as a note.
package struct ModelMirroring: Sendable {
    /// The names of the mirrored entities.
    package let mirrored: Set<String>
    /// The configuration each mirrored entity is mirrored through (the first that holds it), for messages.
    package let configurationOf: [String: ModelConfiguration]
    /// Why mirroring was assumed, when it was.
    package let assumption: Diagnostic?

    package init(_ model: DataModel) {
        var mirrored: Set<String> = []
        var configurationOf: [String: ModelConfiguration] = [:]
        var assumed: SourceLocation?? = nil
        let names = model.entities.map(\.name)
        if model.configurations.isEmpty {
            mirrored = Set(names)
            assumed = .some(model.entities.first?.location)
        }
        for configuration in model.configurations where configuration.cloudKit != .none {
            if configuration.cloudKit == .unknown, assumed == nil { assumed = .some(configuration.location) }
            for name in configuration.entities ?? names where !mirrored.contains(name) || configurationOf[name] == nil {
                mirrored.insert(name)
                configurationOf[name] = configuration
            }
        }
        self.mirrored = mirrored
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

    package func isMirrored(_ entity: String) -> Bool { mirrored.contains(entity) }
}
