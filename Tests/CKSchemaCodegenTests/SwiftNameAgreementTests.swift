import CKSchemaCodegen
import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CKSchemaTestSupport
import Foundation
import Testing

/// Lint's `swift_names_unique` promises what `ckschema generate swift` will refuse: both read one naming
/// (`SwiftIdentifiers`). Over every corpus schema, as written and with collisions injected (a `CD_` twin of a
/// type and of a field, `self` beside `self_`), the elements lint reports are exactly those the generator's
/// planner refuses for taking a name another element has — except the fields of a type the generator refuses
/// as a whole, whose names it judges only once the type has a name of its own.
@Suite(.sharedCorpus("ckdb"))
struct SwiftNameAgreementTests {
    @Test func lintAndTheGeneratorAgreeOnEveryCorpusSchema() throws {
        var schemas = 0
        var collisions = 0
        for (name, parsed) in CorpusCodegenTests.schemas {
            for (variant, schema) in [("as written", parsed.schema), ("with collisions", Self.withCollisions(parsed.schema))] {
                // Through YAML, where lint judges Swift names and where both sides read one source map.
                let yaml = YAMLSchemaParser.parse([SourceFile(path: name + ".yaml", text: YAMLPrinter.print(schema))])
                try #require(!yaml.hasErrors, "\(name) \(variant) does not read back from YAML")
                let refused = Self.elementsRefusedForTheirName(yaml, path: name + ".yaml")
                let refusedTypes = Set(refused.filter { $0.field == nil }.map(\.recordType))
                let linted = Set(Linter(rules: [SwiftNamesUniqueRule.self]).lint(yaml).compactMap(Self.element(of:))
                    .filter { $0.field == nil || !refusedTypes.contains($0.recordType) })
                #expect(linted == refused, "\(name) \(variant): lint \(linted.sorted()), generate \(refused.sorted())")
                schemas += 1
                collisions += refused.count
            }
        }
        print("swift name agreement: \(schemas) schemas, \(collisions) collisions, lint and generate agree")
        // The injected twins must have produced collisions, or the comparison proved nothing.
        #expect(collisions >= CorpusCodegenTests.schemas.count * 2)
    }

    /// The record types and fields the planner refuses because another element already has their Swift name:
    /// a type whose name is taken, and the fields of the types it generates.
    private static func elementsRefusedForTheirName(_ parsed: ParsedSchema, path: String) -> Set<Element> {
        let result = SwiftGenerator().generate(GeneratorInput(schema: parsed.schema, sourceMap: parsed.sourceMap,
                                                              schemaPath: path))
        return Set(result.diagnostics.filter {
            $0.id == .codegenNameCollision && $0.message.contains("both become the Swift name")
        }.compactMap(element(of:)))
    }

    /// A record type (`field == nil`) or a field: what a finding is about.
    struct Element: Hashable, Comparable, CustomStringConvertible {
        let recordType: String
        let field: String?

        static func < (left: Element, right: Element) -> Bool { left.description < right.description }
        var description: String { recordType + (field.map { "." + $0 } ?? "") }
    }

    private static func element(of diagnostic: Diagnostic) -> Element? {
        switch diagnostic.subject {
        case .recordType(let type)?, .recordTypeKey(let type, _)?: Element(recordType: type, field: nil)
        case .field(let type, let field)?, .fieldKey(let type, let field, _)?: Element(recordType: type, field: field)
        default: nil
        }
    }

    /// `schema` with a `CD_` twin of its first record type and of that type's first field, and fields `self`
    /// and `self_` (the generator renames `self` to `self_`).
    static func withCollisions(_ schema: Schema) -> Schema {
        var schema = schema
        // A type no other type shares a Swift name with, so that the generator judges its fields.
        let names = schema.recordTypes.map { SwiftIdentifiers.derivedName(for: $0.name, style: .upperCamelCase) }
        guard let index = schema.recordTypes.indices.first(where: { index in
            let type = schema.recordTypes[index]
            return !type.name.hasPrefix("CD_") && !type.name.contains(".") && names.count(where: { $0 == names[index] }) == 1
        }) else { return schema }
        var type = schema.recordTypes[index]
        let fieldNames = Set(type.fields.map(\.name))
        if let field = type.fields.first(where: { !$0.name.hasPrefix("CD_") }), !fieldNames.contains("CD_" + field.name) {
            type.fields.append(Field(name: "CD_" + field.name, type: .string))
        }
        for name in ["self", "self_"] where !fieldNames.contains(name) {
            type.fields.append(Field(name: name, type: .string))
        }
        schema.recordTypes[index] = type
        if !schema.recordTypes.contains(where: { $0.name == "CD_" + type.name }) {
            schema.recordTypes.append(RecordType(name: "CD_" + type.name, fields: [Field(name: "value", type: .string)]))
        }
        return schema
    }
}
