/// A CloudKit field data type: a primitive type, optionally encrypted, optionally a list.
///
/// The grammar is `[ENCRYPTED] primitive` or `LIST<[ENCRYPTED] primitive>`. The model can also hold
/// combinations the grammar forbids (`ENCRYPTED ASSET`) because the YAML format can say them; lint rules
/// report those instead of the parser refusing them.
package struct FieldType: Hashable, Sendable {
    /// The element type.
    package var primitive: PrimitiveType
    /// Whether values are encrypted end to end (`ENCRYPTED`); for a list, its elements are.
    package var isEncrypted: Bool
    /// Whether the field holds a list (`LIST<…>`).
    package var isList: Bool

    package init(_ primitive: PrimitiveType, isEncrypted: Bool = false, isList: Bool = false) {
        self.primitive = primitive
        self.isEncrypted = isEncrypted
        self.isList = isList
    }

    package static let asset = FieldType(.asset)
    package static let bytes = FieldType(.bytes)
    package static let double = FieldType(.double)
    package static let int64 = FieldType(.int64)
    package static let location = FieldType(.location)
    package static let number = FieldType(.number(preferredAs: nil))
    package static let reference = FieldType(.reference)
    package static let string = FieldType(.string)
    package static let timestamp = FieldType(.timestamp)

    /// Returns `LIST<type>` of this type.
    package static func list(_ element: FieldType) -> FieldType {
        FieldType(element.primitive, isEncrypted: element.isEncrypted, isList: true)
    }

    /// Returns this type with `ENCRYPTED` set.
    package var encrypted: FieldType {
        FieldType(primitive, isEncrypted: true, isList: isList)
    }

    /// The type of one element: the type itself for a scalar, the element type for a list.
    package var elementType: FieldType {
        FieldType(primitive, isEncrypted: isEncrypted, isList: false)
    }
}

extension FieldType: CustomStringConvertible {
    /// The type as the CloudKit Schema Language writes it: `STRING`, `LIST<ENCRYPTED INT64>`,
    /// `NUMBER PREFERRED AS DOUBLE`.
    package var description: String {
        let element = (isEncrypted ? "ENCRYPTED " : "") + primitive.description
        return isList ? "LIST<\(element)>" : element
    }
}

/// The primitive CloudKit data types of the schema language.
package enum PrimitiveType: Hashable, Sendable {
    case asset
    case bytes
    case double
    case int64
    case location
    /// `NUMBER`, optionally `PREFERRED AS INT64|DOUBLE`. Only for fields created just in time.
    case number(preferredAs: NumberPreference?)
    case reference
    case string
    case timestamp

    /// Every primitive type, with NUMBER in its unpreferred form.
    package static let allCases: [PrimitiveType] = [
        .asset, .bytes, .double, .int64, .location, .number(preferredAs: nil), .reference, .string, .timestamp,
    ]

    /// The types CloudKit can encrypt (`ENCRYPTED { BYTES | STRING | DOUBLE | INT64 | LOCATION | TIMESTAMP }`).
    package var isEncryptable: Bool {
        switch self {
        case .bytes, .string, .double, .int64, .location, .timestamp: true
        case .asset, .number, .reference: false
        }
    }

    /// The keyword without any NUMBER preference: `STRING`, `NUMBER`.
    package var keyword: String {
        switch self {
        case .asset: "ASSET"
        case .bytes: "BYTES"
        case .double: "DOUBLE"
        case .int64: "INT64"
        case .location: "LOCATION"
        case .number: "NUMBER"
        case .reference: "REFERENCE"
        case .string: "STRING"
        case .timestamp: "TIMESTAMP"
        }
    }
}

extension PrimitiveType: CustomStringConvertible {
    package var description: String {
        if case .number(let preference?) = self {
            return "NUMBER PREFERRED AS \(preference.rawValue)"
        }
        return keyword
    }
}

/// The type a NUMBER field is treated as once `PREFERRED AS` is set.
package enum NumberPreference: String, Hashable, Sendable, CaseIterable {
    case int64 = "INT64"
    case double = "DOUBLE"
}
