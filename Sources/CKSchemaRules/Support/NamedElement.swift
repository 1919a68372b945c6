public import CKSchemaCore

/// A user-named element of a schema (record type, field, custom role) with its path, for naming rules.
public struct NamedElement: Sendable {
    /// What kind of element carries the name.
    public enum Kind: String, Sendable {
        case recordType = "record type"
        case field
        case role
    }

    public let kind: Kind
    public let name: String
    public let path: SchemaPath
    /// The record type the element is in (for fields) or is (for record types).
    public let recordType: String?

    /// Every record type, field and custom role of `schema`, in declaration order.
    public static func all(in schema: Schema) -> [NamedElement] {
        var elements = schema.roles.map { NamedElement(kind: .role, name: $0.name, path: .role($0.name), recordType: nil) }
        for type in schema.recordTypes {
            elements.append(NamedElement(kind: .recordType, name: type.name, path: .recordType(type.name),
                                         recordType: type.name))
            for field in type.fields {
                elements.append(NamedElement(kind: .field, name: field.name, path: .field(type.name, field.name),
                                             recordType: type.name))
            }
        }
        return elements
    }
}

/// CloudKit's naming facts, shared by the naming rules.
public enum CloudKitNames {
    /// The share record type; the only record type whose name may contain a dot.
    public static let shareRecordType = "cloudkit.share"
    /// Whether `name` is a system-defined name CloudKit allows outside the identifier rule: the share type,
    /// and the `cloudkit.*` fields of the share type.
    public static func isAllowedSystemName(_ element: NamedElement) -> Bool {
        switch element.kind {
        case .recordType: element.name == shareRecordType
        case .field: element.recordType == shareRecordType && element.name.hasPrefix("cloudkit.")
        case .role: false
        }
    }
}
