import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Foundation
import Testing

/// `ckschema convert` is lossless across languages on real schemas: every valid corpus `.ckdb` file goes
/// `.ckdb → YAML → .ckdb`, the schema comes back structurally equal, the YAML reads without diagnostics, and
/// the second `.ckdb` is byte-identical to printing the original schema.
@Suite struct CorpusLanguageRoundTripTests {
    @Test(.sharedCorpus("ckdb")) func everyValidCorpusFileSurvivesCkdbToYAMLToCkdb() throws {
        let directory = try SharedCorpus.require("ckdb")
        let rows = try SharedCorpus.manifest(in: directory)
        try #require(!rows.isEmpty)
        var valid = 0, roundTripped = 0, recordTypes = 0, fields = 0, grants = 0
        for row in rows {
            let name = try #require(row["file"])
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let original = CKDBParser.parse(SourceFile(path: name, text: text))
            guard !original.hasErrors else { continue }
            valid += 1
            let yaml = YAMLPrinter.print(original.schema)
            let throughYAML = YAMLSchemaParser.parse([SourceFile(path: name + ".yaml", text: yaml)])
            #expect(throughYAML.diagnostics.isEmpty, "\(name): \(throughYAML.diagnostics.map(\.message))")
            #expect(throughYAML.schema == original.schema, "\(name): schema changed through YAML")
            let back = CKDBPrinter.print(throughYAML.schema)
            #expect(back == CKDBPrinter.print(original.schema), "\(name): .ckdb differs after YAML")
            if throughYAML.schema == original.schema {
                roundTripped += 1
                recordTypes += original.schema.recordTypes.count
                fields += original.schema.recordTypes.reduce(0) { $0 + $1.fields.count }
                grants += original.schema.recordTypes.reduce(0) { $0 + $1.grants.count }
            }
        }
        print("corpus .ckdb → YAML → .ckdb: \(roundTripped)/\(valid) valid files identical "
              + "(\(recordTypes) record types, \(fields) fields, \(grants) grants)")
        #expect(valid == 87)
        #expect(roundTripped == valid)
    }
}
