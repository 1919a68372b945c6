import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Testing

/// `model → YAML → model` is the identity, metadata included, for random schemas full of awkward names.
@Suite struct YAMLRoundTripTests {
    @Test(arguments: 0..<300)
    func randomSchemaSurvivesPrintingAndReading(seed: Int) {
        var generator = RandomYAMLSchemaGenerator(seed: UInt64(seed))
        let model = generator.schema()
        let yaml = YAMLPrinter.print(model)
        let parsed = YAMLSchemaParser.parse([SourceFile(path: "seed-\(seed).yaml", text: yaml)])
        #expect(parsed.diagnostics.filter { $0.id != "empty_file" }.isEmpty, "seed \(seed):\n\(yaml)\n\(parsed.diagnostics)")
        #expect(parsed.schema == model, "seed \(seed):\n\(yaml)")
    }
}
