import CKSchemaRules
import Foundation

/// What Swift type names (as written in the code) mean for CloudKit values.
enum SwiftTypeNames {
    /// The type without optionality and surrounding whitespace: `String?` → `String`.
    static func strippingOptional(_ text: String) -> String {
        var type = trimmingWhitespace(text)
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
        return type
    }

    /// `text.trimmingCharacters(in: .whitespaces)`, without a Foundation call when neither end is white space
    /// (names read from syntax nodes never are; the call was most of what reading a parameter's type cost).
    private static func trimmingWhitespace(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether the type is a CKRecord (or its CKShare subclass).
    static func isRecord(_ text: String) -> Bool {
        ["CKRecord", "CKShare"].contains(strippingOptional(text))
    }

    /// Whether the type is an array (or another sequence, such as an async stream) of CKRecords.
    static func isRecordArray(_ text: String) -> Bool {
        let type = strippingOptional(text).filter { !$0.isWhitespace }
        return ["[CKRecord]", "Array<CKRecord>", "Set<CKRecord>", "AsyncStream<CKRecord>"].contains(type)
            || type.hasPrefix("AsyncThrowingStream<CKRecord,")
    }

    /// The CloudKit value a Swift type stores as, or `nil` for types that say nothing (`Any`, `CKRecordValue`,
    /// the app's own types).
    static func valueType(_ text: String) -> CodeValueType? {
        let type = strippingOptional(text)
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return valueType(String(type.dropFirst().dropLast())).map(CodeValueType.list)
        }
        if type.hasPrefix("Array<"), type.hasSuffix(">") {
            return valueType(String(type.dropFirst(6).dropLast())).map(CodeValueType.list)
        }
        return scalars[type]
    }

    private static let scalars: [String: CodeValueType] = [
        "String": .string, "NSString": .string, "Substring": .string, "Character": .string,
        "Int": .integer, "Int64": .integer, "Int32": .integer, "Int16": .integer, "Int8": .integer,
        "UInt": .integer, "UInt64": .integer, "UInt32": .integer, "UInt16": .integer, "UInt8": .integer,
        "Bool": .integer, "NSNumber": .integer,
        "Double": .double, "Float": .double, "CGFloat": .double, "Float64": .double, "Float32": .double,
        "Date": .timestamp, "NSDate": .timestamp,
        "Data": .bytes, "NSData": .bytes,
        "CKRecord.Reference": .reference, "CKReference": .reference,
        "CKAsset": .asset,
        "CLLocation": .location,
    ]
}
