package import CKSchemaCore

/// Prints a schema in the YAML schema format (`docs/yaml-format.md`), canonically: the same schema always
/// gives the same text, and reading that text back gives the same schema, metadata included.
///
/// Layout: `roles`, then `recordTypes` in model order; in each record type `database`, `zone`, `doc`, `swiftName`, `merge`, `mergeClock`, `createdIn`,
/// `fields` in model order, `systemFields`, `grants`. A field with only a type is written `name: type`;
/// other fields and small collections are flow mappings when they fit in 100 columns, block mappings
/// otherwise. Grants are a mapping from role to permissions unless a role has two grants, which needs the
/// list form. Multi-line documentation is a `|-` literal block.
///
/// A logical `bool` can only be written on an INT64 field (`type: bool`); on any other type the printer
/// writes the CloudKit type alone, because the format has no way to say it.
package enum YAMLPrinter {
    /// Prints `schema` as one YAML document, ending with a newline.
    package static func print(_ schema: Schema) -> String {
        var writer = YAMLBlockWriter()
        if !schema.roles.isEmpty {
            writer.list(0, "roles", schema.roles.map { YAMLScalarQuoting.render($0.name, in: .flow) })
        }
        if schema.recordTypes.isEmpty {
            writer.entry(0, "recordTypes", .inline("{}"))
        } else {
            writer.key(0, "recordTypes")
            for recordType in schema.recordTypes {
                printRecordType(recordType, indent: 2, into: &writer)
            }
        }
        return writer.output
    }

    private static func printRecordType(_ recordType: RecordType, indent: Int, into writer: inout YAMLBlockWriter) {
        let metadata = recordType.metadata
        let systemFields = SystemField.allCases.filter { !recordType.indexes(on: $0).isEmpty }
        let isEmpty = metadata == RecordTypeMetadata() && recordType.fields.isEmpty && systemFields.isEmpty
            && recordType.grants.isEmpty
        if isEmpty {
            writer.entry(indent, recordType.name, .inline("{}"))
            return
        }
        writer.key(indent, recordType.name)
        let inner = indent + 2
        if let database = metadata.database { writer.entry(inner, "database", .inline(database.rawValue)) }
        if let zone = metadata.zone { writer.entry(inner, "zone", .text(zone)) }
        if let documentation = metadata.documentation { writer.entry(inner, "doc", .text(documentation)) }
        if let swiftName = metadata.swiftName { writer.entry(inner, "swiftName", .text(swiftName)) }
        if let policy = metadata.mergeDefault { writer.entry(inner, "merge", .inline(policy.rawValue)) }
        if let clock = metadata.mergeClock { writer.entry(inner, "mergeClock", .text(clock)) }
        if let origin = metadata.createdIn { writer.entry(inner, "createdIn", .inline(origin.rawValue)) }
        if !recordType.fields.isEmpty {
            writer.key(inner, "fields")
            for field in recordType.fields { printField(field, indent: inner + 2, into: &writer) }
        }
        if !systemFields.isEmpty {
            writer.mapping(inner, "systemFields", systemFields.map { field in
                (field.yamlKey, .inline(indexList(recordType.indexes(on: field))))
            })
        }
        if !recordType.grants.isEmpty { printGrants(recordType.grants, indent: inner, into: &writer) }
    }

    /// A field: `name: type` when the type says everything, otherwise its keys as a flow or block mapping.
    private static func printField(_ field: Field, indent: Int, into writer: inout YAMLBlockWriter) {
        let pairs = fieldPairs(field)
        if pairs.count == 1, case .inline(let type) = pairs[0].value {
            writer.entry(indent, field.name, .inline(type))
        } else {
            writer.mapping(indent, field.name, pairs)
        }
    }

    /// Grants as `{ role: [permissions] }`, or as a list of one-role mappings when a role repeats.
    private static func printGrants(_ grants: [Grant], indent: Int, into writer: inout YAMLBlockWriter) {
        let pairs = grants.map { (key: $0.role, value: YAMLBlockWriter.Value.inline(permissionList($0.permissions))) }
        if Set(grants.map(\.role)).count == grants.count {
            writer.mapping(indent, "grants", pairs)
            return
        }
        writer.key(indent, "grants")
        for pair in pairs {
            if let flow = YAMLBlockWriter.flowMapping([pair]) {
                writer.line(indent + 2, "- " + flow)
            } else {
                // A role name too long for a flow key: a block mapping inside the list item.
                var item = YAMLBlockWriter()
                item.entry(0, pair.key, pair.value)
                let lines = item.output.split(separator: "\n")
                for (number, line) in lines.enumerated() {
                    writer.line(indent + (number == 0 ? 2 : 4), (number == 0 ? "- " : "") + line)
                }
            }
        }
    }

    /// `[queryable, sortable]`.
    static func indexList(_ indexes: FieldIndexes) -> String {
        YAMLBlockWriter.flowList(indexes.options.map(\.yamlName))
    }

    /// `[read, create, write]`.
    private static func permissionList(_ permissions: Permissions) -> String {
        YAMLBlockWriter.flowList(permissions.members.map { $0.keyword.lowercased() })
    }
}
