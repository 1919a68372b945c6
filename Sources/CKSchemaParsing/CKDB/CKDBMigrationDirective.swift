import CKSchemaCore

/// `// ckschema:migration starred renamedFrom isFavorite dualWrite` (or `rating replaces stars int64 lossy`)
/// on the lines before a `RECORD TYPE` statement: YAML's `renamedFrom` / `replaces`, `dualWrite` and `lossy`
/// for one field of that type, so that `convert` carries migrations through `.ckdb`. Whether the old field
/// exists and the types convert is judged by the migration lint rules, as for YAML.
extension CKDBGrammarParser {
    private static let usage = "write FIELD renamedFrom OLD or FIELD replaces OLD TYPE, then dualWrite or lossy if set"

    /// Applies every migration directive to its field in the first record type defined after it.
    mutating func applyMigrationDirectives() {
        let marker = CKDBDirective.migration
        for directive in directiveLines(marker) {
            // `/* ckschema:migration … */` leaves the comment's closing slash as a word.
            let words = directive.words.last == "/" ? Array(directive.words.dropLast()) : directive.words
            let here = (line: directive.line, column: directive.column)
            guard words.count >= 3, let kind = FieldMigration.Kind(rawValue: words[1]) else {
                collector.error("'\(marker) \(words.joined(separator: " "))' is not a migration; \(Self.usage)",
                                line: here.line, column: here.column)
                continue
            }
            var migration = FieldMigration(kind: kind, oldField: words[2])
            var flags = words.dropFirst(3)
            if kind == .retype {
                guard let typeWord = flags.popFirst(), case .known(let type) = YAMLTypeName.parse(typeWord) else {
                    collector.error("'\(marker) \(words.joined(separator: " "))' needs the old field's type after "
                                        + "its name (int64, list<string>, …)", line: here.line, column: here.column)
                    continue
                }
                migration.oldType = type.type
            }
            guard let unknown = apply(flags: flags, to: &migration) else {
                record(migration, of: words[0], from: directive, marker: marker)
                continue
            }
            collector.error("'\(unknown)' in '\(marker) \(words.joined(separator: " "))' is not dualWrite or lossy",
                            line: here.line, column: here.column)
        }
    }

    /// Sets the flags; returns the first word that is not one.
    private func apply(flags: ArraySlice<String>, to migration: inout FieldMigration) -> String? {
        for flag in flags {
            switch flag {
            case "dualWrite": migration.dualWrite = true
            case "lossy": migration.lossy = true
            default: return flag
            }
        }
        return nil
    }

    /// Puts `migration` on field `name` of the directive's record type, located at the directive.
    private mutating func record(_ migration: FieldMigration, of name: String, from directive: DirectiveLine,
                                 marker: String) {
        guard let type = directive.recordType else {
            collector.error("'\(marker) \(name) …' comes before no RECORD TYPE; put it on the line above the type "
                                + "it describes", line: directive.line, column: directive.column)
            return
        }
        let typeName = schema.recordTypes[type].name
        guard let field = schema.recordTypes[type].fields.firstIndex(where: { $0.name == name }) else {
            collector.error("'\(marker) \(name) …' names no field of RECORD TYPE \(typeName)",
                            line: directive.line, column: directive.column)
            return
        }
        guard schema.recordTypes[type].fields[field].metadata.migration == nil else {
            collector.error("field '\(name)' of RECORD TYPE \(typeName) has a migration already; a field takes over "
                                + "from one old field", line: directive.line, column: directive.column)
            return
        }
        schema.recordTypes[type].fields[field].metadata.migration = migration
        let location = directive.location(in: file.path)
        var keys = [migration.kind.rawValue]
        if migration.kind == .retype { keys += ["replaces.field", "replaces.type"] }
        if migration.dualWrite { keys.append("dualWrite") }
        if migration.lossy { keys.append("lossy") }
        for key in keys { sourceMap.record(.fieldKey(typeName, name, key), at: location) }
    }
}
