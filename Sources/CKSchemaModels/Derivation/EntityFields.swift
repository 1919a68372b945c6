package import CKSchemaCore

/// The CloudKit fields one stored property makes: its value and, for values that can outgrow the record, the
/// `_ckAsset` companion; located at the property.
package struct PropertyFields: Sendable {
    package var property: String
    package var value: Field
    package var companion: Field?
    package var location: SourceLocation?
}

extension CloudKitFieldMapping {
    /// The fields an entity's own properties make, in declaration order: one per stored attribute CloudKit can
    /// hold (`ENCRYPTED` with `allowsCloudEncryption`) and per to-one relationship (the target's record name, a
    /// STRING). Transient attributes, types CloudKit refuses and to-many relationships make none.
    package static func fields(of entity: ModelEntity) -> [PropertyFields] {
        var fields: [PropertyFields] = []
        for attribute in entity.attributes where !attribute.isTransient {
            guard var type = fieldType(of: attribute.type) else { continue }
            if attribute.allowsCloudEncryption { type = type.encrypted }
            fields.append(PropertyFields(
                property: attribute.name, value: field(fieldName(attribute.name), type),
                companion: hasAssetCompanion(attribute.type) ? Field(name: assetName(attribute.name), type: .asset) : nil,
                location: attribute.location))
        }
        for relationship in entity.relationships where !relationship.isToMany {
            fields.append(PropertyFields(property: relationship.name, value: field(fieldName(relationship.name), .string),
                                         location: relationship.location))
        }
        return fields
    }
}
