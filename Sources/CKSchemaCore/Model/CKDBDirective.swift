/// The comment markers that carry YAML-only record-type settings in a `.ckdb` file, on a line above the
/// `RECORD TYPE` they describe: `// ckschema:database public` for YAML's `database:`, `// ckschema:createdIn
/// console` for `createdIn:`. The `.ckdb` parser reads them and `convert`'s printer writes them, so both sides
/// spell them from here. CloudKit never sees them: to cktool they are comments.
package enum CKDBDirective {
    /// Which database the app stores the type in (`Database`'s raw values follow it).
    package static let database = "ckschema:database"
    /// Where the type's public records are made (`RecordOrigin`'s raw values follow it).
    package static let createdIn = "ckschema:createdIn"
}
