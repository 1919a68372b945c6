/// A CloudKit field data type: a primitive type, optionally encrypted, optionally a list.
///
/// The grammar is `[ENCRYPTED] primitive` or `LIST<[ENCRYPTED] primitive>`. The model can also hold
/// combinations the grammar forbids (`ENCRYPTED ASSET`) because the YAML format can say them; lint rules
/// report those instead of the parser refusing them.
///
/// `public`, not `package`, for speed: every field's type is read in other modules, and Swift inlines only
/// `public` code across modules (docs/architecture.md, "Access levels").
public struct FieldType: Hashable, Sendable {
    /// The element type.
    public var primitive: PrimitiveType
    /// Whether values are encrypted end to end (`ENCRYPTED`); for a list, its elements are.
    public var isEncrypted: Bool
    /// Whether the field holds a list (`LIST<…>`).
    public var isList: Bool

    public init(_ primitive: PrimitiveType, isEncrypted: Bool = false, isList: Bool = false) {
        self.primitive = primitive
        self.isEncrypted = isEncrypted
        self.isList = isList
    }

    public static let asset = FieldType(.asset)
    public static let bytes = FieldType(.bytes)
    public static let double = FieldType(.double)
    public static let int64 = FieldType(.int64)
    public static let location = FieldType(.location)
    public static let number = FieldType(.number(preferredAs: nil))
    public static let reference = FieldType(.reference)
    public static let string = FieldType(.string)
    public static let timestamp = FieldType(.timestamp)

    /// Returns `LIST<type>` of this type.
    public static func list(_ element: FieldType) -> FieldType {
        FieldType(element.primitive, isEncrypted: element.isEncrypted, isList: true)
    }

    /// Returns this type with `ENCRYPTED` set.
    public var encrypted: FieldType {
        FieldType(primitive, isEncrypted: true, isList: isList)
    }

    /// The type of one element: the type itself for a scalar, the element type for a list.
    public var elementType: FieldType {
        FieldType(primitive, isEncrypted: isEncrypted, isList: false)
    }
}

extension FieldType: CustomStringConvertible {
    /// The type as the CloudKit Schema Language writes it: `STRING`, `LIST<ENCRYPTED INT64>`,
    /// `NUMBER PREFERRED AS DOUBLE`.
    public var description: String {
        let element = (isEncrypted ? "ENCRYPTED " : "") + primitive.description
        return isList ? "LIST<\(element)>" : element
    }
}

/// The primitive CloudKit data types of the schema language. `public` with `FieldType`, which holds one.
public enum PrimitiveType: Hashable, Sendable {
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
    public static let allCases: [PrimitiveType] = [
        .asset, .bytes, .double, .int64, .location, .number(preferredAs: nil), .reference, .string, .timestamp,
    ]

    /// The types CloudKit can encrypt (`ENCRYPTED { BYTES | STRING | DOUBLE | INT64 | LOCATION | TIMESTAMP }`).
    public var isEncryptable: Bool {
        switch self {
        case .bytes, .string, .double, .int64, .location, .timestamp: true
        case .asset, .number, .reference: false
        }
    }

    /// The keyword without any NUMBER preference: `STRING`, `NUMBER`.
    public var keyword: String {
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
    public var description: String {
        if case .number(let preference?) = self {
            return "NUMBER PREFERRED AS \(preference.rawValue)"
        }
        return keyword
    }
}

/// The type a NUMBER field is treated as once `PREFERRED AS` is set. `public` with `PrimitiveType`.
public enum NumberPreference: String, Hashable, Sendable, CaseIterable {
    case int64 = "INT64"
    case double = "DOUBLE"
}
