/// Where a public record type's records are made (`createdIn:` in YAML): by the app's users, or outside the
/// app. Records made outside the app need no role with CREATE (docs/access.md).
package enum RecordOrigin: String, Hashable, Sendable, CaseIterable, Codable {
    /// The app's users create them (the default).
    case app
    /// Someone adds them in the CloudKit Console (a catalog, announcements).
    case console
    /// A server adds them through CloudKit Web Services with a server-to-server key.
    case server
}
