import CKSchemaCore

/// The names NSPersistentCloudKitContainer (Core Data's and SwiftData's CloudKit mirroring) gives the record
/// types and fields it creates (docs/cloudkit-facts.md §7).
enum CoreDataNames {
    /// The prefix of every record type and field Core Data creates.
    static let prefix: StaticString = "CD_"
    /// The field Core Data adds to every record type it mirrors: the concrete entity's name.
    static let entityNameField = "CD_entityName"
    /// Core Data's record type for many-to-many relationships.
    static let manyToManyType = "CDMR"

    /// Whether `name` starts with Core Data's `CD_` prefix.
    static func isCoreDataName(_ name: String) -> Bool {
        hasASCIIPrefix(name, prefix)
    }
}

extension RecordType {
    /// Whether Core Data's mirroring made this type: `CD_…` with a `CD_entityName` field, or `CDMR`.
    var isCoreDataMirrored: Bool {
        name == CoreDataNames.manyToManyType
            || (CoreDataNames.isCoreDataName(name) && fields.contains { $0.name == CoreDataNames.entityNameField })
    }
}
