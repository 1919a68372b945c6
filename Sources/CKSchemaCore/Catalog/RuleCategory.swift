/// The area of CloudKit a rule protects. Categories of lint and code rules can be enabled or disabled as a
/// whole in the configuration (`selectable`); `syntax` and `configuration` hold checks that cannot be.
package enum RuleCategory: String, Hashable, Sendable, CaseIterable, Codable {
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
    /// CloudKit's own record types: `Users` and `cloudkit.share`.
    case systemTypes = "system-types"
    /// CloudKit's size and count limits.
    case limits
    /// The YAML format's logical metadata: references, enums, defaults, Swift names.
    case metadata
    /// Renames and type changes declared in the schema (`renamedFrom`, `replaces`) and the fields they retire.
    case migrations
    /// Whether an input can be read at all: syntax, encoding, nesting, JSON shape.
    case syntax
    /// The project's configuration file.
    case configuration
    /// An app's entitlements, Info.plist, Xcode project and signing (`ckschema doctor`).
    case app

    /// The categories a configuration may enable or disable: those of rules that can be turned off.
    package static let selectable: [RuleCategory] = allCases.filter { $0 != .syntax && $0 != .configuration }
}
