/// The area of CloudKit a rule protects. Categories can be enabled or disabled as a whole in the config.
public enum RuleCategory: String, Hashable, Sendable, CaseIterable, Codable {
    /// The shape of the schema: duplicates, statement structure.
    case structure
    /// Names: identifier rules, reserved words, collisions.
    case naming
    /// Field data types and what they can carry.
    case types
    /// QUERYABLE / SORTABLE / SEARCHABLE options.
    case indexes
    /// ENCRYPTED fields.
    case encryption
    /// Roles and public-database grants.
    case security
    /// The six implicit system fields.
    case systemFields = "system-fields"
    /// CloudKit's size and count limits.
    case limits
    /// The YAML format's logical metadata: references, enums, defaults, Swift names.
    case metadata
}
