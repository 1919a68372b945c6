import CKSchemaCore

/// How the `.ckdb` printer writes and orders names.
enum CKDBNameFormatter {
    /// The name as the language writes it: bare when it is a plain identifier and not a reserved word,
    /// otherwise in double quotes (`"___recordID"`, `"cloudkit.share"`, `"grant"`, `"_world"`).
    static func printed(_ name: String) -> String {
        SchemaIdentifier.needsQuotes(name) ? "\"\(name)\"" : name
    }

    /// The export order: raw names (without quotes) compared byte by byte, as cktool sorts them. Swift's
    /// `String` comparison is not used because it orders by Unicode canonical equivalence, not bytes.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
