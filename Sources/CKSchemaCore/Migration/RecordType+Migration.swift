extension RecordType {
    /// The retired fields, by name, each with the first field that took over from it (`renamedFrom` /
    /// `replaces`). A name the record type does not declare is included: the migration rules report it.
    package var replacementsOfRetiredFields: [String: String] {
        Self.replacements(among: fields)
    }

    /// `replacementsOfRetiredFields` of a type whose fields with a migration are `fields` (in order): callers
    /// that already picked those out need not walk the type again.
    static func replacements(among fields: [Field]) -> [String: String] {
        var replacements: [String: String] = [:]
        for index in fields.indices {
            guard let old = fields[index].metadata.migration?.oldField, old != fields[index].name,
                  replacements[old] == nil else { continue }
            replacements[old] = fields[index].name
        }
        return replacements
    }
}
