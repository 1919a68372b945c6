package import CKSchemaCore

/// A user-named element of a schema (record type, field, custom role) with its path, for naming rules.
package struct NamedElement: Sendable {
    /// What kind of element carries the name.
    package enum Kind: String, Sendable {
        case recordType = "record type"
        case field
        case role
    }

    package let kind: Kind
    package let name: String
    package let path: SchemaPath
    /// The record type the element is in (for fields) or is (for record types).
    package let recordType: String?

    /// Every record type, field and custom role of `schema` whose name passes `filter`, in declaration order.
    /// The filter sees only the name, so that rules interested in few names build no element for the rest.
    /// `fieldFilter`, given the indexes of a record type and of one of its fields, decides for fields instead,
    /// from facts known beforehand (`FieldNameFacts`), without reading the name.
    package static func all(in schema: Schema, where filter: (String) -> Bool = { _ in true },
                    fields fieldFilter: ((_ type: Int, _ field: Int) -> Bool)? = nil) -> [NamedElement] {
        var elements: [NamedElement] = []
        for role in schema.roles where filter(role.name) {
            elements.append(NamedElement(kind: .role, name: role.name, path: .role(role.name), recordType: nil))
        }
        for (typeIndex, type) in schema.recordTypes.enumerated() {
            if filter(type.name) {
                elements.append(NamedElement(kind: .recordType, name: type.name, path: .recordType(type.name),
                                             recordType: type.name))
            }
            // Names are read in place: copying each of 40,000 fields cost more than the filter.
            let fields = type.fields
            for index in fields.indices where fieldFilter?(typeIndex, index) ?? filter(fields[index].name) {
                let name = fields[index].name
                elements.append(NamedElement(kind: .field, name: name, path: .field(type.name, name),
                                             recordType: type.name))
            }
        }
        return elements
    }
}

/// Whether `name` starts with the ASCII text `prefix`, compared byte by byte (`String.hasPrefix` compares
/// grapheme clusters, which costs more than rules checking every field can afford).
func hasASCIIPrefix(_ name: String, _ prefix: StaticString) -> Bool {
    var name = name  // contiguous bytes: `utf8`'s iterator costs ten times as much
    return name.withUTF8 { bytes in
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[index] != prefix.utf8Start[index] { return false }
        return true
    }
}

/// CloudKit's naming facts, shared by the naming rules.
package enum CloudKitNames {
    /// The share record type; the only record type whose name may contain a dot.
    package static let shareRecordType = "cloudkit.share"
    /// The user record type every container has (`CKRecord.SystemType.userRecord`).
    package static let usersRecordType = "Users"

    /// Whether `name` is a record type whose records CloudKit makes itself: `Users` and `cloudkit.share`.
    package static func isSystemRecordType(_ name: String) -> Bool {
        name == usersRecordType || name == shareRecordType
    }
    /// Whether `name` is a system-defined name CloudKit allows outside the identifier rule: the share type,
    /// and the `cloudkit.*` fields of the share type.
    package static func isAllowedSystemName(_ element: NamedElement) -> Bool {
        switch element.kind {
        case .recordType: element.name == shareRecordType
        case .field: element.recordType == shareRecordType && element.name.hasPrefix("cloudkit.")
        case .role: false
        }
    }
}
