/// Fields CloudKit maintains itself: generated models read them and never write them.
enum SystemManagedFields {
    /// Whether field `name` of record type `recordType` is CloudKit's: `roles` of `Users` (role membership,
    /// assigned in the Console) and the `cloudkit.*` fields of shares.
    static func contains(_ name: String, of recordType: String) -> Bool {
        (recordType == "Users" && name == "roles") || name.hasPrefix("cloudkit.")
    }
}
