package import CKSchemaCore

/// How one attribute type is stored by `NSPersistentCloudKitContainer` (docs/models.md, "Attribute types"):
/// its CloudKit field type, and whether `initializeCloudKitSchema()` gives it a `_ckAsset` companion for
/// values too large for the record.
package enum CloudKitFieldMapping {
    /// The field type of an attribute of `type`; `nil` for types CloudKit refuses (Object ID, Undefined) or
    /// that the reader could not resolve.
    package static func fieldType(of type: ModelAttributeType) -> FieldType? {
        switch type {
        case .string, .uuid, .uri: .string
        case .integer16, .integer32, .integer64, .boolean: .int64
        case .double, .float, .decimal: .double
        case .date: .timestamp
        case .binary, .transformable, .codableValue: .bytes
        case .objectID, .undefined, .unresolved: nil
        }
    }

    /// True when the materialised schema holds `CD_<name>_ckAsset` for it: strings, URIs, and every value stored
    /// as BYTES (binary data, transformables, arrays, archived Codable values), since any of them can outgrow the
    /// record; never UUIDs, numbers or dates (docs/models.md lists the exports that show it).
    package static func hasAssetCompanion(_ type: ModelAttributeType) -> Bool {
        switch type {
        case .string, .uri: true
        default: fieldType(of: type) == .bytes
        }
    }

    /// The indexes NSPersistentCloudKitContainer gives a `CD_` field: strings are queryable, searchable and
    /// sortable; numbers, dates and bytes queryable and sortable; assets and encrypted fields none.
    package static func indexes(of type: FieldType) -> FieldIndexes {
        guard !type.isEncrypted, !type.isList else { return [] }
        switch type.primitive {
        case .string: return [.queryable, .searchable, .sortable]
        case .int64, .double, .timestamp, .bytes: return [.queryable, .sortable]
        default: return []
        }
    }

    /// A field with the indexes of its type.
    package static func field(_ name: String, _ type: FieldType) -> Field {
        Field(name: name, type: type, indexes: indexes(of: type))
    }

    /// The record type of an entity whose inheritance root is `root`.
    package static func recordTypeName(root: String) -> String { "CD_" + root }

    /// The field of a property.
    package static func fieldName(_ property: String) -> String { "CD_" + property }

    /// The asset companion of a property's field.
    package static func assetName(_ property: String) -> String { "CD_" + property + "_ckAsset" }

    package static let entityNameField = "CD_entityName"
    package static let moveReceiptField = "CD_moveReceipt"
    package static let moveReceiptAsset = "CD_moveReceipt_ckAsset"
    /// The record type holding one many-to-many link.
    package static let manyToManyType = "CDMR"
    package static let manyToManyFields = ["CD_entityNames", "CD_recordNames", "CD_relationships"]
    /// The grants of every `CD_` type.
    package static let grants = [Grant(.write, to: Role.creator), Grant(.create, to: Role.icloud), Grant(.read, to: Role.world)]
    /// The `Users` type every container holds.
    package static let usersType = RecordType(
        name: "Users", fields: [Field(name: "roles", type: .list(.int64))],
        grants: [Grant(.write, to: Role.creator), Grant(.read, to: Role.world)])
}
