/// A security role that record-type grants refer to.
///
/// CloudKit has three implicit roles (`_world`, `_icloud`, `_creator`); a schema may declare more with
/// `CREATE ROLE name;`. Grants only matter in the public database.
package struct Role: Hashable, Sendable {
    /// The role's name as CloudKit spells it, without quotes.
    package var name: String

    package init(name: String) {
        self.name = name
    }

    /// Every user, signed in or not ("World" in the Console).
    package static let world = "_world"
    /// Every signed-in iCloud user ("Authenticated" in the Console).
    package static let icloud = "_icloud"
    /// The user who created a record ("Creator" in the Console).
    package static let creator = "_creator"

    /// The implicit roles, in the order CloudKit documents them.
    package static let builtInNames: [String] = [world, icloud, creator]

    /// Returns whether `name` is one of CloudKit's implicit roles.
    package static func isBuiltIn(_ name: String) -> Bool {
        builtInNames.contains(name)
    }
}
