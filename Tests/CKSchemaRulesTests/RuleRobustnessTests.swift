import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import CKSchemaTestSupport
import Testing

/// Rules never trap, whatever they are given: schemas no parser would produce (duplicates, empty and huge
/// names, every type combination, metadata on the wrong types, no positions at all), random schemas, and the
/// partial schemas that truncated files leave after parse errors.
@Suite struct RuleRobustnessTests {
    /// Every rule, on by default or not, at its default severity.
    private static let everyRule = LintSettings(enabled: Set(LintRules.descriptions.map(\.id.rawValue)))

    private func lint(_ schema: Schema, language: SchemaLanguage, map: SourceMap = SourceMap()) -> [Diagnostic] {
        let parsed = ParsedSchema(schema: schema, sourceMap: map, diagnostics: [], sources: [], language: language)
        return Linter(settings: Self.everyRule).lint(parsed)
    }

    /// A schema that breaks every invariant a parser keeps.
    private var pathological: Schema {
        let huge = String(repeating: "x", count: 100_000)
        var fields: [Field] = []
        for primitive in PrimitiveType.allCases + [.number(preferredAs: .int64), .number(preferredAs: .double)] {
            for isList in [false, true] {
                for isEncrypted in [false, true] {
                    let type = FieldType(primitive, isEncrypted: isEncrypted, isList: isList)
                    fields.append(Field(name: "\(type)", type: type, indexes: [.queryable, .sortable, .searchable],
                                        metadata: FieldMetadata(logicalType: .bool, referenceTarget: "",
                                                                referenceAction: .validate, defaultValue: .list([.list([])]),
                                                                swiftName: "")))
                }
            }
        }
        fields += [
            Field(name: "", type: .string, metadata: FieldMetadata(logicalType: .enumeration([]), defaultValue: .string(""))),
            Field(name: "", type: .string),
            Field(name: huge, type: .string, metadata: FieldMetadata(swiftName: huge)),
            Field(name: "CD_", type: .string),
            Field(name: "cloudkit.", type: .bytes),
            Field(name: "roles", type: .asset),
            Field(name: "e", type: .int64, metadata: FieldMetadata(logicalType: .enumeration(["a"]), defaultValue: .double(.nan))),
        ]
        let system = Dictionary(uniqueKeysWithValues: SystemField.allCases.map { ($0, FieldIndexes(rawValue: 7)) })
        let grants = [Grant(Permissions(rawValue: 0), to: ""), Grant(.create, to: huge), Grant(.read, to: Role.creator)]
        return Schema(
            roles: [Role(name: ""), Role(name: ""), Role(name: "_world"), Role(name: huge)],
            recordTypes: [
                RecordType(name: "", fields: fields, systemFieldIndexes: system, grants: grants),
                RecordType(name: "", fields: fields),
                RecordType(name: CloudKitNames.usersRecordType, fields: fields, grants: grants),
                RecordType(name: CloudKitNames.shareRecordType, fields: fields, grants: [],
                           metadata: RecordTypeMetadata(database: .public, swiftName: "")),
                RecordType(name: "CD_", fields: Array(repeating: Field(name: "CD_entityName", type: .string), count: 300)),
                RecordType(name: huge, metadata: RecordTypeMetadata(database: .shared, swiftName: huge)),
            ])
    }

    @Test(arguments: [SchemaLanguage.yaml, .ckdb])
    func pathologicalSchemasAreJudgedWithoutTrapping(language: SchemaLanguage) {
        let findings = lint(pathological, language: language)
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { !$0.message.isEmpty && $0.subject != nil })
        // Each rule that can judge this language reports something about it.
        let reporting = Set(findings.map(\.id.rawValue))
        let expected: Set<String> = ["encrypted_type_supported", "encrypted_field_not_indexed", "asset_not_indexed",
                                     "searchable_requires_string", "bytes_not_indexed", "number_not_indexed",
                                     "sortable_not_on_reference_or_list", "number_type_avoided",
                                     "field_count_within_limit", "name_within_length_limit", "users_roles_field",
                                     "users_type_not_creatable", "share_type_grants"]
        #expect(expected.isSubset(of: reporting), "silent: \(expected.subtracting(reporting).sorted())")
    }

    @Test func aBoolOnAnotherTypeThanINT64IsReported() {
        let field = Field(name: "done", type: .string, metadata: FieldMetadata(logicalType: .bool))
        let findings = lint(Schema(recordTypes: [RecordType(name: "Task", fields: [field])]), language: .yaml)
        #expect(findings.contains { $0.id == "logical_type_fits_field_type" && $0.message.contains("bool") })
    }

    @Test(arguments: 0..<40)
    func randomSchemasAreJudgedWithoutTrapping(seed: Int) {
        let options = RandomSchemaGenerator.Options(recordTypeCount: 0...8, fieldCount: 0...20, includesYAMLMetadata: true)
        let schema = RandomSchemaGenerator.schema(seed: UInt64(seed), options: options)
        for language in [SchemaLanguage.yaml, .ckdb] {
            #expect(lint(schema, language: language).allSatisfy { $0.subject != nil })
        }
    }

    /// Every rule example cut short at many places: the parsers report errors and keep what they read; the
    /// rules then run on that, and every finding is still located in the file.
    @Test(arguments: LintRules.descriptions.map(\.id.rawValue))
    func truncatedExamplesLintWithoutTrapping(ruleID: String) throws {
        let rule = try #require(LintRules.rule(withID: ruleID)?.description)
        for example in rule.triggeringExamples + rule.nonTriggeringExamples {
            let text = example.unmarkedFiles[0]
            let scalars = Array(text.unicodeScalars)
            let step = max(1, scalars.count / 25)
            for cut in stride(from: 0, to: scalars.count, by: step) {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars[..<cut])
                let path = example.language == .yaml ? "cut.yaml" : "cut.ckdb"
                let parsed = SchemaLoader.parse(prefix, path: path, language: example.language)
                let findings = Linter(settings: Self.everyRule).lint(parsed)
                #expect(findings.allSatisfy { $0.location == nil || $0.location?.file == path })
            }
        }
    }
}
