/// The comment markers that carry YAML-only record-type settings in a `.ckdb` file, on a line above the
/// `RECORD TYPE` they describe: `// ckschema:database public` for YAML's `database:`, `// ckschema:createdIn
/// console` for `createdIn:`, `// ckschema:migration starred renamedFrom isFavorite dualWrite` for a field's
/// migration keys. The `.ckdb` parser reads them and `convert`'s printer writes them, so both sides
/// spell them from here. CloudKit never sees them: to cktool they are comments.
package enum CKDBDirective {
    /// Which database the app stores the type in (`Database`'s raw values follow it).
    package static let database = "ckschema:database"
    /// Where the type's public records are made (`RecordOrigin`'s raw values follow it).
    package static let createdIn = "ckschema:createdIn"
    /// A field's migration: `FIELD renamedFrom OLD` or `FIELD replaces OLD TYPE`, then `dualWrite` and `lossy`
    /// when set (TYPE as YAML writes it: `int64`, `list<string>`).
    package static let migration = "ckschema:migration"

    /// The words after `migration` that say `field`'s migration, or `nil` when it has none.
    package static func migrationWords(of field: Field) -> [String]? {
        guard let migration = field.metadata.migration else { return nil }
        var words = [field.name, migration.kind.rawValue, migration.oldField]
        if migration.kind == .retype, let type = migration.oldType { words.append(type.yamlName()) }
        if migration.dualWrite { words.append("dualWrite") }
        if migration.lossy { words.append("lossy") }
        return words
    }
}
