extension RecordType {
    /// The retired fields, by name, each with the first field that took over from it (`renamedFrom` /
    /// `replaces`). A name the record type does not declare is included: the migration rules report it.
    package var replacementsOfRetiredFields: [String: String] {
        var replacements: [String: String] = [:]
        for field in fields {
            guard let old = field.metadata.migration?.oldField, old != field.name, replacements[old] == nil else {
                continue
            }
            replacements[old] = field.name
        }
        return replacements
    }
}
