package import CKSchemaCore

/// An entitlements file as a target signs with it: its property list with build settings expanded, and typed
/// reads of the keys CloudKit depends on.
package struct Entitlements: Sendable {
    package enum Key {
        package static let services = "com.apple.developer.icloud-services"
        package static let containers = "com.apple.developer.icloud-container-identifiers"
        package static let environment = "com.apple.developer.icloud-container-environment"
        package static let developmentContainers = "com.apple.developer.icloud-container-development-container-identifiers"
        package static let ubiquityContainers = "com.apple.developer.ubiquity-container-identifiers"
        package static let macApplicationIdentifier = "com.apple.application-identifier"
        package static let applicationIdentifier = "application-identifier"
        package static let teamIdentifier = "com.apple.developer.team-identifier"
    }

    /// The file's path as reports show it.
    package var path: String
    package var root: PropertyListNode

    package init(path: String, root: PropertyListNode) {
        self.path = path
        self.root = root
    }

    package func entry(_ key: String) -> PropertyListEntry? { root.entry(key) }

    /// Where `key` is written, else the file's start.
    package func location(of key: String) -> SourceLocation {
        entry(key)?.keyLocation ?? fileStart
    }

    package var fileStart: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

    /// The iCloud services (`CloudKit`, `CloudDocuments`, `CloudKit-Anonymous`).
    package var services: [String] { root[Key.services]?.strings.map(\.text) ?? [] }

    /// The CloudKit containers, each with where it is written.
    package var containers: [(text: String, location: SourceLocation?)] { root[Key.containers]?.strings ?? [] }

    /// Whether the file entitles CloudKit: the service, or containers for it.
    package var usesCloudKit: Bool {
        services.contains { $0.hasPrefix("CloudKit") } || !containers.isEmpty
    }

    /// The pinned environment as written (`Production`), when it is a string.
    package var environment: String? { root[Key.environment]?.string }
}
