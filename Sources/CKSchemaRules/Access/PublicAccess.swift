package import CKSchemaCore

/// CloudKit's facts about who may do what in the public database, as ckschema applies them (docs/access.md).
///
/// - A record type's grants are all there is: a type that grants nothing gives no one anything (Apple,
///   TextSchema: "a type has no security privileges available in the PUBLIC database"). There are no default
///   grants in a schema file; the Console's defaults for a new type are written into its export as GRANTs.
/// - Permissions are independent: WRITE does not imply READ, nor CREATE; READ implies nothing. Whether CloudKit
///   lets a writer read a record it may not read is not documented, so nothing is inferred.
/// - Roles add up: a user holds `_world` always, `_icloud` when signed in to iCloud, `_creator` on the records
///   they created, and each custom role the Console gave their user record (a user record exists only for a
///   signed-in user). What a user may do is the union of what their roles are granted.
/// - Saving needs a signed-in user, so `_world`'s CREATE and WRITE take effect for signed-in users only.
package enum PublicAccess {
    /// Whether `type` is in the public database as far as the schema says: `database: public`, or no
    /// `database` and at least one grant (grants only matter in the public database; `.ckdb` cannot say
    /// which database a type is for, and exports of private-database types grant nothing).
    package static func isPublic(_ type: RecordType) -> Bool {
        switch type.metadata.database {
        case .public?: true
        case .private?, .shared?: false
        case nil: type.grants.contains { !$0.permissions.isEmpty }
        }
    }

    /// The public-database record types of `schema`, in declaration order.
    package static func publicTypes(of schema: Schema) -> [RecordType] {
        schema.recordTypes.filter(isPublic)
    }

    /// The built-in roles, then the schema's custom roles in declaration order.
    package static func roles(of schema: Schema) -> [String] {
        Role.builtInNames + schema.roles.map(\.name)
    }

    /// The roles every user who holds `role` also holds, `role` first: signed-in users (`_icloud`), creators and
    /// members of custom roles are also `_world`; creators and custom-role members are signed in.
    package static func rolesHeld(with role: String) -> [String] {
        switch role {
        case Role.world: [Role.world]
        case Role.icloud: [Role.icloud, Role.world]
        default: [role, Role.icloud, Role.world]
        }
    }

    /// Whether a user holding `role` is signed in to iCloud (everyone but `_world`), which saving requires.
    package static func isSignedIn(_ role: String) -> Bool {
        role != Role.world
    }

    /// What a user holding `role` may do with records of `type`: for each permission, the first of the roles
    /// they hold that is granted it (`role` itself when it is), or `nil` when none is, or when saving needs a
    /// sign-in the role lacks.
    package static func effectiveGrantor(of permission: Permissions, for role: String, on type: RecordType) -> String? {
        if permission != .read, !isSignedIn(role) { return nil }
        return rolesHeld(with: role).first { held in
            (held != Role.creator || permission != .create) && type.permissions(for: held).contains(permission)
        }
    }

    /// Whether any user may create records of `type` from the app: a role other than `_creator` (which no one
    /// holds before a record exists) is granted CREATE.
    package static func isCreatable(_ type: RecordType) -> Bool {
        type.grants.contains { $0.role != Role.creator && $0.permissions.contains(.create) }
    }

    /// Whether any signed-in user may create records of `type` (`_icloud` or `_world` has CREATE): records
    /// there are user content, made by anyone.
    package static func isUserContent(_ type: RecordType) -> Bool {
        [Role.icloud, Role.world].contains { type.permissions(for: $0).contains(.create) }
    }

    /// What `permission` granted to `role` means, in CloudKit's terms.
    package static func meaning(of permission: Permissions, for role: String) -> String {
        switch (role, permission) {
        case (Role.world, .read): "anyone may read its records, signed in to iCloud or not"
        case (Role.world, .create): "granted to everyone, but CloudKit saves only for signed-in users: any signed-in iCloud user may create records"
        case (Role.world, .write): "granted to everyone, but CloudKit saves only for signed-in users: any signed-in iCloud user may change or delete any record, whoever created it"
        case (Role.icloud, .read): "any user signed in to iCloud may read its records"
        case (Role.icloud, .create): "any user signed in to iCloud may create records"
        case (Role.icloud, .write): "any user signed in to iCloud may change or delete any record, whoever created it"
        case (Role.creator, .read): "a record's creator may read it (CloudKit filters queries to the user's own records, which needs ___createdBy QUERYABLE)"
        case (Role.creator, .create): "no effect: a record has no creator before it is created"
        case (Role.creator, .write): "the record's creator may change or delete it"
        case (_, .read): "users given role \(role) in the CloudKit Console may read any record"
        case (_, .create): "users given role \(role) in the CloudKit Console may create records"
        default: "users given role \(role) in the CloudKit Console may change or delete any record, whoever created it"
        }
    }

    /// What it means that no role a user holding `role` has is granted `permission`.
    package static func denial(of permission: Permissions, for role: String) -> String {
        let who = switch role {
        case Role.world: "users not signed in to iCloud"
        case Role.icloud: "signed-in iCloud users"
        case Role.creator: "a record's creator"
        default: "users in role \(role)"
        }
        let what = switch permission {
        case .read: "read its records"
        case .create: "create records"
        default: role == Role.creator ? "change or delete their own records" : "change or delete records"
        }
        if permission != .read, role == Role.world { return "\(who) may not \(what): saving needs a signed-in user" }
        return "\(who) may not \(what)"
    }
}
