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

    /// The word among `candidates` closest to `word` (case-insensitively), if it is close enough to be a
    /// likely typo: at most one edit for short words, two for longer ones.
    static func closest(_ word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        guard !lowered.isEmpty, lowered.count <= 64 else { return nil }
        let allowed = lowered.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// The sentence tail suggesting `suggestion`, or an empty string.
    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Lower-cases and drops separators so `record_types`, `Record-Types` and `recordTypes` compare equal.
    private static func normalize(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Levenshtein distance, counting a swap of neighbours as one edit.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }
}
