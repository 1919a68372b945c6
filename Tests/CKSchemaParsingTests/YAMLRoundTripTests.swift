import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `model → YAML → model` is the identity, metadata included, for random schemas full of awkward names,
/// and every element read back has a position.
@Suite struct YAMLRoundTripTests {
    @Test(arguments: 0..<300)
    func randomSchemaSurvivesPrintingAndReading(seed: Int) {
        var generator = RandomYAMLSchemaGenerator(seed: UInt64(seed))
        let model = generator.schema()
        let yaml = YAMLPrinter.print(model)
        let parsed = YAMLSchemaParser.parse([SourceFile(path: "seed-\(seed).yaml", text: yaml)])
        #expect(parsed.diagnostics.isEmpty, "seed \(seed):\n\(yaml)\n\(parsed.diagnostics)")
        #expect(parsed.schema == model, "seed \(seed):\n\(yaml)")
        #expect(YAMLPrinter.print(parsed.schema) == yaml)
        #expect(unlocatedElements(of: parsed).isEmpty, "seed \(seed): \(unlocatedElements(of: parsed))")
    }

    /// The paths of elements that have no recorded position of their own.
    private func unlocatedElements(of parsed: ParsedSchema) -> [SchemaPath] {
        var paths: [SchemaPath] = parsed.schema.roles.map { .role($0.name) }
        for type in parsed.schema.recordTypes {
            paths.append(.recordType(type.name))
            for field in type.fields {
                paths += [.field(type.name, field.name), .fieldType(type.name, field.name)]
                paths += field.indexes.options.map { .fieldIndex(type.name, field.name, $0) }
            }
            paths += type.systemFieldIndexes.keys.map { .systemField(type.name, $0) }
            paths += type.grants.indices.map { .grant(type.name, $0) }
        }
        return paths.filter { parsed.sourceMap.locations[$0] == nil }
    }
}
