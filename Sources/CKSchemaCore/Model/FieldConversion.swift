/// How a value of a retired field's type becomes a value of the field that replaced it (`replaces:`), and back
/// (`dualWrite`). Only the conversions CloudKit values allow without guessing: integer ↔ double, string ↔
/// integer/double by parsing, timestamp ↔ double seconds since 1970, string ↔ reference by record name, and a
/// scalar into a one-element list. Encryption does not matter (values are decrypted before code sees them).
package indirect enum FieldConversion: Hashable, Sendable {
    /// The same type (a rename, or a type differing only in encryption).
    case identity
    case integerToDouble
    case doubleToInteger
    /// Parsing; text that is not a number reads as no value.
    case stringToInteger
    case stringToDouble
    case integerToString
    case doubleToString
    /// Seconds since 1970.
    case timestampToDouble
    case doubleToTimestamp
    /// The reference's record name (its zone is the record's own when converted back).
    case referenceToString
    case stringToReference
    /// A scalar becomes a one-element list, its element converted by the inner conversion.
    case scalarToList(FieldConversion)
    /// A list's first element, converted by the inner conversion (only as the way back of `scalarToList`).
    case firstElement(FieldConversion)

    /// The conversion from `old` to `new`, or `nil` when CloudKit's values allow none.
    package static func converting(from old: FieldType, to new: FieldType) -> FieldConversion? {
        if old.isList == new.isList {
            return scalar(from: old.primitive, to: new.primitive)
        }
        if !old.isList, new.isList, let element = scalar(from: old.primitive, to: new.primitive) {
            return .scalarToList(element)
        }
        return nil
    }

    private static func scalar(from old: PrimitiveType, to new: PrimitiveType) -> FieldConversion? {
        switch (old, new) {
        case _ where old == new: .identity
        case (.int64, .double): .integerToDouble
        case (.double, .int64): .doubleToInteger
        case (.string, .int64): .stringToInteger
        case (.string, .double): .stringToDouble
        case (.int64, .string): .integerToString
        case (.double, .string): .doubleToString
        case (.timestamp, .double): .timestampToDouble
        case (.double, .timestamp): .doubleToTimestamp
        case (.reference, .string): .referenceToString
        case (.string, .reference): .stringToReference
        default: nil
        }
    }

    /// The conversion back, for `dualWrite`.
    package var inverse: FieldConversion {
        switch self {
        case .identity: .identity
        case .integerToDouble: .doubleToInteger
        case .doubleToInteger: .integerToDouble
        case .stringToInteger: .integerToString
        case .stringToDouble: .doubleToString
        case .integerToString: .stringToInteger
        case .doubleToString: .stringToDouble
        case .timestampToDouble: .doubleToTimestamp
        case .doubleToTimestamp: .timestampToDouble
        case .referenceToString: .stringToReference
        case .stringToReference: .referenceToString
        case .scalarToList(let element): .firstElement(element.inverse)
        case .firstElement(let element): .scalarToList(element.inverse)
        }
    }

    /// Whether some value changes on the way: an INT64 beyond ±2^53 as a DOUBLE, a DOUBLE's fraction or range
    /// as an INT64, the elements after a list's first. Such a conversion needs `lossy: true`.
    package var canLoseInformation: Bool {
        switch self {
        case .integerToDouble, .doubleToInteger, .firstElement: true
        case .scalarToList(let element): element.canLoseInformation
        case .identity, .stringToInteger, .stringToDouble, .integerToString, .doubleToString,
             .timestampToDouble, .doubleToTimestamp, .referenceToString, .stringToReference: false
        }
    }
}
