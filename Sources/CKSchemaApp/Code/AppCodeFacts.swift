package import CKSchemaCore

/// What an app's Swift code says about CloudKit, as `ckschema doctor` needs it: read by `ckschema-check-code
/// app-facts` (the only executable that parses Swift) and handed over as JSON, then judged by the app rules next
/// to the entitlements and Info.plist each target signs with.
package struct AppCodeFacts: Codable, Hashable, Sendable {
    /// How many Swift files were read.
    package var files: Int
    /// Every container identifier the code names, resolved through constants, default arguments and enum
    /// namespaces where it can be; unresolved names are left out (never guessed).
    package var containers: [NamedContainer]
    /// Each `CKContainer.default()` (and `ModelConfiguration`'s `.automatic` / `NSPersistentCloudKitContainer`
    /// without options): the container is the app's default, which entitlements and the bundle ID decide.
    package var defaultContainerUses: [DefaultContainerUse]
    /// How the code syncs, each with one place that shows it.
    package var syncStyles: [SyncStyleUse]
    /// Facts that config rules need beyond the above: subscriptions, shares, remote-notification registration.
    package var markers: [CodeMarker]
    /// Findings of the code-practice detectors (`AppPracticeDetectors`), by app-rule ID; the rule's catalog entry
    /// (documentation, examples, severity) is in `Rules/Code`.
    package var practices: [AppCodeFinding]

    package init(files: Int = 0, containers: [NamedContainer] = [], defaultContainerUses: [DefaultContainerUse] = [],
                 syncStyles: [SyncStyleUse] = [], markers: [CodeMarker] = [], practices: [AppCodeFinding] = []) {
        self.files = files
        self.containers = containers
        self.defaultContainerUses = defaultContainerUses
        self.syncStyles = syncStyles
        self.markers = markers
        self.practices = practices
    }
}

/// A container identifier named in code, and how.
package struct NamedContainer: Codable, Hashable, Sendable {
    package enum Use: String, Codable, Hashable, Sendable {
        /// `CKContainer(identifier:)`.
        case ckContainer
        /// `NSPersistentCloudKitContainerOptions(containerIdentifier:)`.
        case persistentCloudKitOptions
        /// `ModelConfiguration(cloudKitDatabase: .private("iCloud.…"))`.
        case modelConfiguration
    }

    package var identifier: String
    package var use: Use
    package var location: SourceLocation

    package init(identifier: String, use: Use, location: SourceLocation) {
        self.identifier = identifier
        self.use = use
        self.location = location
    }
}

/// A use of the app's default container.
package struct DefaultContainerUse: Codable, Hashable, Sendable {
    package enum Use: String, Codable, Hashable, Sendable {
        /// `CKContainer.default()`.
        case ckContainerDefault
        /// `ModelConfiguration` with `cloudKitDatabase: .automatic` (or none, CloudKit enabled).
        case swiftDataAutomatic
        /// `NSPersistentCloudKitContainer` whose store descriptions name no container.
        case persistentCloudKitDefault
    }

    package var use: Use
    package var location: SourceLocation

    package init(use: Use, location: SourceLocation) {
        self.use = use
        self.location = location
    }
}

/// How an app syncs with CloudKit.
package enum SyncStyle: String, Codable, Hashable, Sendable, CaseIterable {
    /// `CKDatabase` operations and convenience calls: the app owns tokens, retries and subscriptions.
    case rawOperations
    /// `CKSyncEngine`: the engine fetches, retries and subscribes; the app persists its state and resolves conflicts.
    case syncEngine
    /// `NSPersistentCloudKitContainer` (Core Data).
    case persistentCloudKitContainer
    /// SwiftData's `ModelContainer` with CloudKit.
    case swiftData

    /// Whether the framework does the fetching, retrying and subscribing (rules about that work are silent).
    package var isEngineManaged: Bool { self != .rawOperations }
}

/// One place that shows a sync style.
package struct SyncStyleUse: Codable, Hashable, Sendable {
    package var style: SyncStyle
    package var location: SourceLocation

    package init(style: SyncStyle, location: SourceLocation) {
        self.style = style
        self.location = location
    }
}

/// A fact the configuration rules need, with one place that shows it.
package struct CodeMarker: Codable, Hashable, Sendable {
    package enum Kind: String, Codable, Hashable, Sendable {
        /// A `CKSubscription` (query, zone or database) saved by the app itself.
        case savesSubscription
        /// `registerForRemoteNotifications()` (UIApplication / NSApplication).
        case registersForRemoteNotifications
        /// Creates a `CKShare` or shares through `NSPersistentCloudKitContainer` / `UICloudSharingController`.
        case createsShare
        /// Accepts shares (`userDidAcceptCloudKitShareWith`, `CKAcceptSharesOperation`, `acceptShareInvitations`).
        case acceptsShare
        /// Reads the app's own entitlements or provisioning profile at run time (`embedded.mobileprovision`,
        /// `embedded.provisionprofile`, `SecTaskCopyValueForEntitlement`, the container-identifiers key written as a
        /// string): such an app can decide not to create a container it is not entitled to.
        case checksEntitlementsAtRunTime
    }

    package var kind: Kind
    package var location: SourceLocation

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// A code-practice finding: which app rule, where, and what the message says.
package struct AppCodeFinding: Codable, Hashable, Sendable {
    /// The app rule's ID (`cursor_ignored`, …).
    package var rule: String
    package var location: SourceLocation
    package var message: String
    /// Other places the message refers to.
    package var related: [SourceLocation]

    package init(rule: String, location: SourceLocation, message: String, related: [SourceLocation] = []) {
        self.rule = rule
        self.location = location
        self.message = message
        self.related = related
    }
}
