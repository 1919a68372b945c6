package import CKSchemaCore

/// Writes a schema in the CloudKit Schema Language exactly as `cktool export-schema` lays it out, so a
/// printed schema and a real export of the same container are byte-identical and diff cleanly.
///
/// The layout (docs/cloudkit-facts.md §2.6, checked against every exported file of the corpus):
///
///     DEFINE SCHEMA
///
///         CREATE ROLE Moderator;
///
///         RECORD TYPE Note (
///             "___createTime" TIMESTAMP,
///             …
///             "___recordID"   REFERENCE QUERYABLE,
///             title           STRING QUERYABLE SEARCHABLE SORTABLE,
///             GRANT WRITE TO "_creator",
///             GRANT READ TO "_world"
///         );
///
/// - Roles in model order, one per line, then a blank line.
/// - Record types sorted by raw name (byte order), separated by blank lines.
/// - In each type, the user fields and all six system fields (with their indexes) sorted together by raw
///   name, so `CD_x` < `"___createTime"` < `lowercase`; the name column is padded to the widest printed
///   name of the type plus one space; index options in alphabetical order.
/// - GRANTs after the fields, in model order (not sorted, not merged), permissions as `READ, CREATE, WRITE`.
/// - Names are quoted when they break `^[A-Za-z][A-Za-z0-9_]*$` or equal a reserved word ignoring case.
/// - With `directives`, the YAML settings that have a `.ckdb` form (`// ckschema:database public`,
///   `// ckschema:createdIn console`, `// ckschema:migration starred renamedFrom isFavorite`, read by the `.ckdb`
///   parser) are written on the lines above their `RECORD TYPE`, so YAML → .ckdb → YAML keeps them. `convert` asks for them; the export layout (deploy's
///   import file, generated `.ckdb`) leaves them out, as `cktool export-schema` would.
///
/// Edge cases the corpus does not show:
/// - An empty schema prints `DEFINE SCHEMA\n`.
/// - A schema with roles but no record types prints the header, a blank line and the role lines, with no
///   blank line after them (the blank line only ever separates roles from the first record type).
/// - A grant with no permissions is left out: the language has no way to write it, and it grants nothing.
/// - A name containing `"` cannot be written in the language; it is printed inside quotes as is, and the
///   identifier lint rule reports it.
package enum CKDBPrinter {
    /// Returns `schema` as `.ckdb` text in the export layout.
    package static func print(_ schema: Schema, directives: Bool = false) -> String {
        var output = "DEFINE SCHEMA\n"
        if !schema.roles.isEmpty {
            output += "\n"
            for role in schema.roles {
                output += "    CREATE ROLE \(CKDBNameFormatter.printed(role.name));\n"
            }
        }
        let recordTypes = schema.recordTypes.sorted { CKDBNameFormatter.precedes($0.name, $1.name) }
        for recordType in recordTypes {
            output += "\n"
            if directives { appendDirectives(of: recordType, to: &output) }
            appendRecordType(recordType, to: &output)
        }
        return output
    }

    /// The metadata `.ckdb` can carry only as comment directives (`directives: true` keeps these).
    package static func keepingDirectives(_ schema: Schema) -> Schema {
        var copy = schema.cloudKitOnly()
        for index in copy.recordTypes.indices {
            copy.recordTypes[index].metadata.database = schema.recordTypes[index].metadata.database
            copy.recordTypes[index].metadata.createdIn = schema.recordTypes[index].metadata.createdIn
            for field in copy.recordTypes[index].fields.indices {
                copy.recordTypes[index].fields[field].metadata.migration =
                    schema.recordTypes[index].fields[field].metadata.migration
            }
        }
        return copy
    }

    /// The directive comments above a record type, in the order the YAML printer writes the keys.
    private static func appendDirectives(of recordType: RecordType, to output: inout String) {
        if let database = recordType.metadata.database {
            output += "    // \(CKDBDirective.database) \(database.rawValue)\n"
        }
        if let origin = recordType.metadata.createdIn {
            output += "    // \(CKDBDirective.createdIn) \(origin.rawValue)\n"
        }
        for field in recordType.fields {
            guard let words = CKDBDirective.migrationWords(of: field) else { continue }
            output += "    // \(CKDBDirective.migration) \(words.joined(separator: " "))\n"
        }
    }

    /// One line of a record type's field list, before padding.
    private struct FieldLine {
        /// The name without quotes, the sort key.
        var rawName: String
        /// The name as written, quoted when needed.
        var printedName: String
        /// The data type (fixed for system fields).
        var type: FieldType
        /// The index options to print after it.
        var indexes: FieldIndexes
    }

    /// `" QUERYABLE SORTABLE"` for each of the eight option sets, indexed by raw value, built once.
    private static let indexSuffixes: [String] = (0..<8).map { rawValue in
        let indexes = FieldIndexes(rawValue: UInt8(rawValue))
        return indexes.isEmpty ? "" : " " + indexes.keywords
    }

    /// One `RECORD TYPE` statement, appended piece by piece: a 200-field type is a few kilobytes of output,
    /// and building a string per line would cost more than the writing itself.
    private static func appendRecordType(_ recordType: RecordType, to output: inout String) {
        var lines: [FieldLine] = []
        lines.reserveCapacity(recordType.fields.count + SystemField.allCases.count)
        for systemField in SystemField.allCases {
            lines.append(FieldLine(rawName: systemField.name, printedName: CKDBNameFormatter.printed(systemField.name),
                                   type: systemField.type, indexes: recordType.indexes(on: systemField)))
        }
        for field in recordType.fields {
            lines.append(FieldLine(rawName: field.name, printedName: CKDBNameFormatter.printed(field.name),
                                   type: field.type, indexes: field.indexes))
        }
        lines.sort { CKDBNameFormatter.precedes($0.rawName, $1.rawName) }
        let width = lines.map { $0.printedName.unicodeScalars.count }.max() ?? 0

        output += "    RECORD TYPE \(CKDBNameFormatter.printed(recordType.name)) (\n"
        var separator = ""
        for line in lines {
            output += separator
            output += "        "
            output += line.printedName
            output += String(repeating: " ", count: width - line.printedName.unicodeScalars.count + 1)
            output += line.type.description
            output += indexSuffixes[Int(line.indexes.rawValue & 0b111)]
            separator = ",\n"
        }
        for grant in recordType.grants where !grant.permissions.isEmpty {
            output += separator
            output += "        GRANT \(grant.permissions.keywords) TO \(CKDBNameFormatter.printed(grant.role))"
        }
        output += "\n    );\n"
    }
}
