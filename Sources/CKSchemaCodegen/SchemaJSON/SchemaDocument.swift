package import CKSchemaCore

/// The documented JSON encoding of a `Schema` (version 1): what external generators receive inside their
/// request (`PluginRequest` in CKSchemaExternalGenerators), and the literal the docs generator shows.
///
/// Keys appear in the order documented in `docs/generators.md`; optional keys are left out when the schema
/// says nothing, never written as `null`. The version changes only when a key changes meaning or disappears;
/// new keys may appear within a version, so plugins must ignore keys they do not know.
package enum SchemaDocument {
    /// The version this encoder writes.
    package static let version: Int64 = 1

    /// The schema as a JSON object: roles and record types in declaration order.
    package static func encode(_ schema: Schema) -> JSONValue {
        .object([
            ("roles", .array(schema.roles.map { .string($0.name) })),
            ("recordTypes", .array(schema.recordTypes.map(encode))),
        ])
    }

    /// One record type.
    package static func encode(_ recordType: RecordType) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("name", .string(recordType.name))]
        if let database = recordType.metadata.database { pairs.append(("database", .string(database.rawValue))) }
        if let zone = recordType.metadata.zone { pairs.append(("zone", .string(zone))) }
        if let documentation = recordType.metadata.documentation {
            pairs.append(("documentation", .string(documentation)))
        }
        if let swiftName = recordType.metadata.swiftName { pairs.append(("swiftName", .string(swiftName))) }
        if let policy = recordType.metadata.mergeDefault { pairs.append(("merge", .string(policy.rawValue))) }
        if let clock = recordType.metadata.mergeClock { pairs.append(("mergeClock", .string(clock))) }
        if let origin = recordType.metadata.createdIn { pairs.append(("createdIn", .string(origin.rawValue))) }
        pairs.append(("fields", .array(recordType.fields.map(encode))))
        let systemIndexes: [(String, JSONValue)] = SystemField.allCases.compactMap { field in
            let indexes = recordType.indexes(on: field)
            return indexes.isEmpty ? nil : (field.yamlKey, .array(indexes.options.map { .string($0.yamlName) }))
        }
        pairs.append(("systemFieldIndexes", .object(systemIndexes)))
        pairs.append(("grants", .array(recordType.grants.map { grant in
            .object([
                ("role", .string(grant.role)),
                ("permissions", .array(grant.permissions.members.map { .string($0.keyword.lowercased()) })),
            ])
        })))
        return .object(pairs)
    }

    /// One field.
    package static func encode(_ field: Field) -> JSONValue {
        let type = field.type
        var pairs: [(String, JSONValue)] = [
            ("name", .string(field.name)),
            ("type", .string(type.description)),
            ("primitive", .string(type.primitive.keyword)),
            ("isList", .bool(type.isList)),
            ("isEncrypted", .bool(type.isEncrypted)),
        ]
        if case .number(let preference?) = type.primitive {
            pairs.append(("numberPreference", .string(preference.rawValue)))
        }
        pairs.append(("indexes", .array(field.indexes.options.map { .string($0.yamlName) })))
        let metadata = field.metadata
        pairs.append(("isRequired", .bool(metadata.isRequired)))
        switch metadata.logicalType {
        case .bool?:
            pairs.append(("logicalType", .string("bool")))
        case .enumeration(let values)?:
            pairs.append(("logicalType", .string("enum")))
            pairs.append(("enumValues", .array(values.map(JSONValue.string))))
        case nil:
            break
        }
        if let target = metadata.referenceTarget { pairs.append(("referenceTarget", .string(target))) }
        if let action = metadata.referenceAction { pairs.append(("referenceAction", .string(action.rawValue))) }
        if let value = metadata.defaultValue { pairs.append(("default", encode(value))) }
        if let documentation = metadata.documentation { pairs.append(("documentation", .string(documentation))) }
        if let swiftName = metadata.swiftName { pairs.append(("swiftName", .string(swiftName))) }
        if let deprecation = metadata.deprecation { pairs.append(("deprecated", .string(deprecation))) }
        if let policy = metadata.mergePolicy { pairs.append(("merge", .string(policy.rawValue))) }
        return .object(pairs)
    }

    /// A literal as plain JSON. Nested lists are written iteratively, deepest first.
    package static func encode(_ literal: LiteralValue) -> JSONValue {
        // Literal lists nest only as deep as the YAML that produced them, but convert without recursion anyway.
        enum Step { case visit(LiteralValue), collect(Int) }
        var steps: [Step] = [.visit(literal)]
        var results: [JSONValue] = []
        while let step = steps.popLast() {
            switch step {
            case .visit(.string(let value)): results.append(.string(value))
            case .visit(.integer(let value)): results.append(.integer(value))
            case .visit(.double(let value)): results.append(.number(value))
            case .visit(.bool(let value)): results.append(.bool(value))
            case .visit(.list(let elements)):
                steps.append(.collect(elements.count))
                steps.append(contentsOf: elements.reversed().map(Step.visit))
            case .collect(let count):
                let elements = Array(results.suffix(count))
                results.removeLast(count)
                results.append(.array(elements))
            }
        }
        return results.last ?? .null
    }
}
