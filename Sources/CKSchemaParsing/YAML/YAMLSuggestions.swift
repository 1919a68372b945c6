import CKSchemaCore

/// "Did you mean" suggestions for misspelled keys, type names and values.
enum YAMLSuggestions {
    /// Words people write for a key of the format, by the key they mean (compared after lower-casing and
    /// dropping `_`, `-` and spaces).
    private static let keySynonyms: [String: String] = [
        "types": "recordTypes", "records": "recordTypes", "recordtype": "recordTypes", "schema": "recordTypes",
        "role": "roles", "customroles": "roles",
        "index": "indexes", "indices": "indexes", "indexed": "indexes",
        "queryable": "indexes", "sortable": "indexes", "searchable": "indexes",
        "description": "doc", "documentation": "doc", "docs": "doc", "comment": "doc", "summary": "doc",
        "target": "to", "references": "to", "reference": "to", "ref": "to", "recordtypename": "to",
        "ondelete": "action", "deleteaction": "action", "referenceaction": "action",
        "encrypt": "encrypted", "isencrypted": "encrypted", "encryption": "encrypted",
        "values": "enum", "enumvalues": "enum", "cases": "enum", "allowedvalues": "enum", "enumeration": "enum",
        "defaultvalue": "default",
        "isrequired": "required", "nonnull": "required", "notnull": "required", "mandatory": "required",
        "permissions": "grants", "grant": "grants", "security": "grants", "acl": "grants", "access": "grants",
        "system": "systemFields", "systemfield": "systemFields", "systemindexes": "systemFields",
        "db": "database", "scope": "database", "databasescope": "database", "zone": "database",
        "swift": "swiftName", "swifttype": "swiftName", "swiftproperty": "swiftName", "propertyname": "swiftName",
        "preferred": "preferredAs", "preferredtype": "preferredAs", "preferas": "preferredAs",
        "datatype": "type", "kind": "type",
        "field": "fields", "columns": "fields", "properties": "fields", "attributes": "fields",
    ]

    /// The key among `known` that `key` most likely means, if any.
    static func key(_ key: String, among known: [String]) -> String? {
        let normalized = normalize(key)
        if let exact = known.first(where: { normalize($0) == normalized }) { return exact }
        if let synonym = keySynonyms[normalized], known.contains(synonym) { return synonym }
        return closest(key, among: known)
    }

    /// The word among `candidates` closest to `word`, if it is a likely typo (see `Spelling.closest`).
    static func closest(_ word: String, among candidates: [String]) -> String? {
        Spelling.closest(word, among: candidates)
    }

    /// The sentence tail suggesting `suggestion`, or an empty string.
    static func didYouMean(_ suggestion: String?) -> String {
        Spelling.didYouMean(suggestion)
    }

    /// Lower-cases and drops separators so `record_types`, `Record-Types` and `recordTypes` compare equal.
    private static func normalize(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }
}
