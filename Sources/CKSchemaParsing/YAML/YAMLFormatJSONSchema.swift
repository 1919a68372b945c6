import CKSchemaCore

/// A JSON Schema (draft-07) of the YAML schema format, built from the reader's own vocabulary so that it
/// accepts what `YAMLSchemaParser` accepts: every key, type names in any case and spacing (`List < String >`),
/// enumerated values matched ignoring case, `_` and `-` (`DELETE_SELF`), both forms of `grants`, and both
/// spellings of system fields. Editors running yaml-language-server use it to complete and check schema
/// files; `docs/ckschema.schema.json` is this document, and a test keeps it current.
///
/// What it cannot say, the lint rules check: names that break CloudKit's identifier rule, references to
/// unknown types, defaults of the wrong type.
package enum YAMLFormatJSONSchema {
    /// The schema as JSON text.
    package static var text: String {
        document.prettyPrinted(layout: .scalarArraysOnOneLine)
    }

    private static var document: JSONValue {
        .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("ckschema schema file")),
            ("description", .string("A CloudKit schema in ckschema's YAML format (docs/yaml-format.md).")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("roles", described("Custom roles (CREATE ROLE). _world, _icloud and _creator are built in.",
                                    orNull(.object([("type", .string("array")), ("items", ref("name"))])))),
                ("recordTypes", described("Record types by name.", orNull(.object([
                    ("type", .string("object")), ("additionalProperties", ref("recordType")),
                ])))),
                ("access", described("Access tests (docs/access.md), run by `ckschema access --check` when "
                                        + "ckschema.yaml names this file under 'access'.",
                                     orNull(.object([("type", .string("array")), ("items", ref("accessTest"))])))),
            ])),
            ("definitions", .object(definitions)),
        ])
    }

    private static var definitions: [(String, JSONValue)] {
        [
            ("name", described("A name: any scalar, read as text.", scalar)),
            ("text", described("Text: any scalar.", scalar)),
            ("recordType", recordType),
            ("field", field),
            ("fieldType", fieldType),
            ("indexes", described("Index options.", orNull(.object([
                ("type", .string("array")), ("items", choice(YAMLVocabulary.indexOptions.map(\.name))),
            ])))),
            ("permissions", described("Permissions.", orNull(.object([
                ("type", .string("array")), ("items", choice(YAMLVocabulary.permissions.map(\.name))),
            ])))),
            ("mergePolicy", described("A conflict merge policy (docs/conflicts.md).",
                                      choice(YAMLVocabulary.mergePolicies.map(\.name)))),
            ("accessTest", described("What users holding a role can and cannot do with records of some types.", .object([
                ("type", .string("object")), ("required", .array([.string("as"), .string("on")])),
                ("additionalProperties", .bool(false)),
                ("properties", .object([
                    ("as", described("The role: _world, _icloud, _creator or a custom role.", ref("name"))),
                    ("can", ref("permissions")), ("cannot", ref("permissions")),
                    ("on", described("The public record types.", .object([("anyOf", .array([
                        ref("name"), .object([("type", .string("array")), ("items", ref("name"))]),
                    ]))]))),
                ])),
            ]))),
            ("roleGrants", .object([
                ("type", .string("object")), ("additionalProperties", ref("permissions")),
            ])),
            ("literal", .object([
                ("anyOf", .array([scalar, .object([("type", .string("array")), ("items", ref("literal"))])])),
            ])),
        ]
    }

    private static var recordType: JSONValue {
        let systemFields = SystemField.allCases.flatMap { field in
            [(field.yamlKey, ref("indexes")), (field.name, ref("indexes"))]
        }
        return orNull(.object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("database", described("The database the app stores this type in.",
                                       choice(YAMLVocabulary.databases.map(\.name)))),
                ("zone", described("The record zone the app stores this type in (private and shared databases).",
                                   ref("name"))),
                ("doc", described("Documentation for generated code and docs.", ref("text"))),
                ("swiftName", described("The Swift type name to generate.", ref("name"))),
                ("merge", described("The merge policy of fields that declare none (default server).",
                                    ref("mergePolicy"))),
                ("mergeClock", described("The TIMESTAMP field that orders the two sides for 'latest' (default: the "
                                            + "records' modification dates).", ref("name"))),
                ("createdIn", described("Where the public records are made: app (by users, the default), console or "
                                            + "server (outside the app, so no role needs CREATE).",
                                        choice(YAMLVocabulary.recordOrigins.map(\.name)))),
                ("fields", described("Fields by name: a type name, or a mapping with 'type'.", orNull(.object([
                    ("type", .string("object")), ("additionalProperties", ref("field")),
                ])))),
                ("systemFields", described("Indexes on CloudKit's system fields.", orNull(.object([
                    ("type", .string("object")), ("additionalProperties", .bool(false)),
                    ("properties", .object(systemFields)),
                ])))),
                ("grants", described(
                    "Public-database permissions by role, or a list of one-role mappings to grant a role twice.",
                    .object([("anyOf", .array([
                        .object([("type", .string("null"))]),
                        ref("roleGrants"),
                        .object([("type", .string("array")), ("items", .object([
                            ("allOf", .array([ref("roleGrants"), .object([("minProperties", .integer(1))])])),
                        ]))]),
                    ]))]))),
            ])),
        ]))
    }

    private static var field: JSONValue {
        let keys: [(String, JSONValue)] = [
            ("type", ref("fieldType")),
            ("encrypted", described("ENCRYPTED (end-to-end encrypted values).", .object([("type", .string("boolean"))]))),
            ("indexes", ref("indexes")),
            ("preferredAs", described("NUMBER PREFERRED AS, for type number.",
                                      choice(YAMLVocabulary.numberPreferences.map(\.name)))),
            ("enum", described("The allowed string values.", orNull(.object([
                ("type", .string("array")), ("items", ref("text")),
            ])))),
            ("to", described("The record type a reference points at.", ref("name"))),
            ("action", described("The reference action.", choice(YAMLVocabulary.referenceActions.map(\.name)))),
            ("required", described("Whether every record carries a value.", .object([("type", .string("boolean"))]))),
            ("default", described("The value assumed when a record lacks the field.", ref("literal"))),
            ("doc", described("Documentation for generated code and docs.", ref("text"))),
            ("swiftName", described("The Swift property name to generate.", ref("name"))),
            ("deprecated", described("Why the field is deprecated: generated code keeps reading it and stops "
                                        + "writing it (production fields cannot be deleted).", ref("text"))),
            ("merge", described("How the field merges when both sides of a conflicting save changed it.",
                                ref("mergePolicy"))),
            ("renamedFrom", described("The field of the same type this one takes over from (docs/migrations.md); "
                                        + "it stays declared and is retired.", ref("name"))),
            ("replaces", described("The field of another type this one takes over from, its values converted "
                                    + "(docs/migrations.md); it stays declared and is retired.", replaces)),
            ("dualWrite", described("Also write the old field, converted back, for app versions still reading it.",
                                    .object([("type", .string("boolean"))]))),
            ("lossy", described("Accept a conversion that can change values (INT64 ↔ DOUBLE, a list written back "
                                    + "as its first element).", .object([("type", .string("boolean"))]))),
        ]
        let longForm: JSONValue = .object([
            ("type", .string("object")),
            ("required", .array([.string("type")])),
            ("additionalProperties", .bool(false)),
            ("properties", .object(keys)),
            ("allOf", .array([
                onlyWithType(matching: namePattern("bool", inList: true), forbid: "enum"),
                onlyWithType(notMatching: namePattern("number", inList: true), forbid: "preferredAs"),
                .object([("not", .object([("required", .array([.string("renamedFrom"), .string("replaces")]))]))]),
            ])),
            ("dependencies", .object(["dualWrite", "lossy"].map { key in
                (key, .object([("anyOf", .array([
                    .object([("required", .array([.string("renamedFrom")]))]),
                    .object([("required", .array([.string("replaces")]))]),
                ]))]))
            })),
        ])
        return described("A field: its type name, or a mapping with 'type' and other keys.",
                         .object([("anyOf", .array([ref("fieldType"), longForm]))]))
    }

    /// `replaces: { field: stars, type: int64 }`.
    private static var replaces: JSONValue {
        .object([
            ("type", .string("object")),
            ("required", .array(YAMLVocabulary.replacesKeys.map(JSONValue.string))),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("field", described("The old field's name.", ref("name"))),
                ("type", described("The old field's type, as declared.", ref("fieldType"))),
            ])),
        ])
    }

    /// A type name: the canonical names for completion, and any spelling the reader accepts.
    private static var fieldType: JSONValue {
        let names = YAMLTypeName.primitiveNames
        let canonical = names + names.map { "list<\($0)>" }
        let patterns = names.map { namePattern($0, inList: true) }
        return described("A CloudKit type (string, int64, double, timestamp, bytes, asset, location, reference, "
                            + "number), bool, or list<…> of one; case and spaces are ignored.",
                         .object([("anyOf", .array([
                             .object([("enum", .array(canonical.map(JSONValue.string)))]),
                             .object([("type", .string("string")), ("pattern", .string(patterns.joined(separator: "|")))]),
                         ]))]))
    }

    // MARK: - Building blocks

    /// Any non-null scalar.
    private static let scalar: JSONValue = .object([("type", .array([.string("string"), .string("number"), .string("boolean")]))])

    private static func ref(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/definitions/\(name)"))])
    }

    private static func described(_ description: String, _ schema: JSONValue) -> JSONValue {
        guard case .object(let pairs) = schema else { return schema }
        return .object([("description", .string(description))] + pairs)
    }

    /// `schema`, or null (the reader reads null as an empty list or mapping).
    private static func orNull(_ schema: JSONValue) -> JSONValue {
        .object([("anyOf", .array([.object([("type", .string("null"))]), schema]))])
    }

    /// One of `names`, listed for completion, and matched as the reader does: ignoring case, `_` and `-`.
    private static func choice(_ names: [String]) -> JSONValue {
        let patterns = names.map { name in
            "^[_-]*" + name.filter { $0 != "_" && $0 != "-" }.map { "\(caseless($0))[_-]*" }.joined() + "$"
        }
        return .object([("anyOf", .array([
            .object([("enum", .array(names.map(JSONValue.string)))]),
            .object([("type", .string("string")), ("pattern", .string(patterns.joined(separator: "|")))]),
        ]))])
    }

    /// `name` (and `list<name>` when `inList`) with any case and white space anywhere, as the reader squeezes
    /// type names.
    private static func namePattern(_ name: String, inList: Bool) -> String {
        let spaced = { (text: String) in text.map { "\(caseless($0))\\s*" }.joined() }
        let element = spaced(name)
        return inList ? "^\\s*(?:\(spaced("list<"))\(element)>|\(element))\\s*$" : "^\\s*\(element)$"
    }

    /// A letter as `[aA]`; digits, `<` and `>` as themselves (the names hold nothing else).
    private static func caseless(_ character: Character) -> String {
        let lower = character.lowercased(), upper = character.uppercased()
        return lower == upper ? String(character) : "[\(lower)\(upper)]"
    }

    /// If the field's `type` matches `pattern`, `key` must be absent.
    private static func onlyWithType(matching pattern: String, forbid key: String) -> JSONValue {
        .object([
            ("if", .object([("required", .array([.string("type")])),
                            ("properties", .object([("type", .object([("type", .string("string")),
                                                                      ("pattern", .string(pattern))]))]))])),
            ("then", .object([("not", .object([("required", .array([.string(key)]))]))])),
        ])
    }

    /// If the field's `type` does not match `pattern`, `key` must be absent.
    private static func onlyWithType(notMatching pattern: String, forbid key: String) -> JSONValue {
        .object([
            ("if", .object([("required", .array([.string("type")])),
                            ("properties", .object([("type", .object([("not", .object([
                                ("type", .string("string")), ("pattern", .string(pattern)),
                            ]))]))]))])),
            ("then", .object([("not", .object([("required", .array([.string(key)]))]))])),
        ])
    }
}
