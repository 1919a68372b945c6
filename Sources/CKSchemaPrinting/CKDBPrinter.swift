public import CKSchemaCore

/// Writes a schema in the CloudKit Schema Language exactly as `cktool export-schema` lays it out, so a
/// printed schema and a real export of the same container are byte-identical and diff cleanly.
///
/// The layout (CLOUDKIT-RULES 2.6, checked against every exported file of the corpus):
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
///
/// Edge cases the corpus does not show:
/// - An empty schema prints `DEFINE SCHEMA\n`.
/// - A schema with roles but no record types prints the header, a blank line and the role lines, with no
///   blank line after them (the blank line only ever separates roles from the first record type).
/// - A grant with no permissions is left out: the language has no way to write it, and it grants nothing.
/// - A name containing `"` cannot be written in the language; it is printed inside quotes as is, and the
///   identifier lint rule reports it.
public enum CKDBPrinter {
    /// Returns `schema` as `.ckdb` text in the export layout.
    public static func print(_ schema: Schema) -> String {
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
            appendRecordType(recordType, to: &output)
        }
        return output
    }

    /// One `RECORD TYPE` statement.
    private static func appendRecordType(_ recordType: RecordType, to output: inout String) {
        var fieldLines: [(rawName: String, printedName: String, rest: String)] = []
        fieldLines.reserveCapacity(recordType.fields.count + SystemField.allCases.count)
        for systemField in SystemField.allCases {
            fieldLines.append((systemField.name, CKDBNameFormatter.printed(systemField.name),
                               typeAndIndexes(systemField.type, recordType.indexes(on: systemField))))
        }
        for field in recordType.fields {
            fieldLines.append((field.name, CKDBNameFormatter.printed(field.name), typeAndIndexes(field.type, field.indexes)))
        }
        fieldLines.sort { CKDBNameFormatter.precedes($0.rawName, $1.rawName) }
        let width = fieldLines.map { $0.printedName.unicodeScalars.count }.max() ?? 0

        var items: [String] = fieldLines.map { line in
            let padding = String(repeating: " ", count: width - line.printedName.unicodeScalars.count + 1)
            return "        " + line.printedName + padding + line.rest
        }
        for grant in recordType.grants where !grant.permissions.isEmpty {
            items.append("        GRANT \(grant.permissions.keywords) TO \(CKDBNameFormatter.printed(grant.role))")
        }
        output += "    RECORD TYPE \(CKDBNameFormatter.printed(recordType.name)) (\n"
        output += items.joined(separator: ",\n")
        output += "\n    );\n"
    }

    /// `STRING QUERYABLE SEARCHABLE SORTABLE`
    private static func typeAndIndexes(_ type: FieldType, _ indexes: FieldIndexes) -> String {
        indexes.isEmpty ? type.description : "\(type.description) \(indexes.keywords)"
    }
}
