package import CKSchemaCore
import CKSchemaRules

/// How `ckschema init` turns an exported schema into the project schema: the export's elements unchanged, and
/// the YAML metadata an export cannot hold inferred only where the export is evidence of it. Where it is not,
/// a comment asks a person to decide.
///
/// The database of a record type:
/// - ENCRYPTED fields → private (the public database cannot store them);
/// - no grants at all → private (without grants a type is unusable in the public database);
/// - grants other than the Console's defaults (a custom role, other permissions) → public (grants apply only
///   there, so someone set them for it);
/// - only the Console's defaults (`_creator` WRITE, `_icloud` CREATE, `_world` READ), which every type gets →
///   no evidence: left unset, with a comment to decide;
/// - `Users` and `cloudkit.share` are CloudKit's own types and stay as exported.
package struct SchemaAdoption {
    /// The schema with what could be inferred.
    package let schema: Schema
    /// The comment lines for each record type's file, by record type name.
    package let comments: [String: [String]]
    /// The record types whose database a person must decide.
    package let undecided: [String]

    /// The grants the Console gives every record type.
    package static let consoleDefaultGrants: Set<Grant> = [
        Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_world"),
    ]

    /// `extensions` name the types that only add to one the models make (`ModelSchemaResidue`): the models'
    /// type has no database, so theirs is left unset too, and a comment says what they are.
    package init(export: Schema, extensions: Set<String> = []) {
        var schema = export
        var comments: [String: [String]] = [:]
        var undecided: [String] = []
        for index in schema.recordTypes.indices {
            let recordType = schema.recordTypes[index]
            if extensions.contains(recordType.name) {
                comments[recordType.name] = [Self.extensionComment(recordType.name)]
                continue
            }
            let (database, reason) = Self.database(of: recordType)
            schema.recordTypes[index].metadata.database = database
            comments[recordType.name] = [reason]
            if database == nil, !Self.isSystemType(recordType.name) { undecided.append(recordType.name) }
        }
        self.schema = schema
        self.comments = comments
        self.undecided = undecided
    }

    private static func extensionComment(_ name: String) -> String {
        "The models make '\(name)'; this file adds what the export holds on it and no model makes: fields of "
            + "removed or renamed attributes (kept for ever once deployed), indexes and grants added in the Console."
    }

    private static func isSystemType(_ name: String) -> Bool {
        name == CloudKitNames.usersRecordType || name == CloudKitNames.shareRecordType
    }

    /// The inferred database and the comment saying why (or asking for a decision).
    private static func database(of recordType: RecordType) -> (Database?, String) {
        if recordType.name == CloudKitNames.usersRecordType {
            return (nil, "CloudKit's stock Users type: every container has it, so the project keeps it as exported.")
        }
        if recordType.name == CloudKitNames.shareRecordType {
            return (nil, "CloudKit's share type (CKShare), created just in time when development saves the first share.")
        }
        if recordType.fields.contains(where: \.type.isEncrypted) {
            return (.private, "database: private, inferred: it has ENCRYPTED fields, which the public database cannot store.")
        }
        if recordType.grants.isEmpty {
            return (.private, "database: private, inferred: it has no grants, so it is unusable in the public "
                + "database (say 'database: shared' if it is used there).")
        }
        if !Set(recordType.grants).isSubset(of: consoleDefaultGrants) {
            return (.public, "database: public, inferred: its grants differ from the Console's defaults, and "
                + "grants apply only in the public database.")
        }
        return (nil, "decide: add 'database: public' or 'database: private'. Its grants are the Console's "
            + "defaults, which every type gets, so the export does not say where it is used.")
    }
}
