/// How a field merges when a save conflicts (`CKError.serverRecordChanged`) and both the server's version and
/// this device's version changed it since their common ancestor. A field changed on one side only always takes
/// that side's value, whatever its policy; generated resolvers apply the policy to the rest.
package enum MergePolicy: String, Hashable, Sendable, CaseIterable, Codable {
    /// The server's value wins: the other device's edit is kept, this device's is dropped.
    case server
    /// This device's value wins.
    case client
    /// The side whose clock is newer wins: the record type's `mergeClock` TIMESTAMP field, else the records'
    /// modification dates. Ties go to the server.
    case latest
    /// Lists: both sides' additions and both sides' removals.
    case union
    /// Numbers and timestamps: the larger value.
    case max
    /// Numbers and timestamps: the smaller value.
    case min
    /// Counters: server + client − ancestor, so both sides' increments are kept.
    case sum

    /// The policy of a field that declares none in a type that declares no default.
    package static let implicitDefault = MergePolicy.server

    /// Whether the policy computes a value from both sides (and the ancestor) rather than choosing one side's.
    package var isArithmetic: Bool {
        switch self {
        case .max, .min, .sum: true
        case .server, .client, .latest, .union: false
        }
    }
}
