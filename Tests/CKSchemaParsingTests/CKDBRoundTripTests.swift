import CKSchemaCore
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaTestSupport
import Foundation
import Testing

/// `parse(print(schema)) == schema` for generated schemas covering every type, name kind and grant shape.
@Suite struct CKDBRoundTripTests {
    @Test(arguments: 0..<300)
    func printedSchemasParseBackToTheSameModel(_ seed: Int) {
        let schema = RandomSchemaGenerator.schema(seed: UInt64(seed))
        let printed = CKDBPrinter.print(schema)
        let parsed = CKDBParser.parse(SourceFile(path: "generated.ckdb", text: printed))
        #expect(parsed.diagnostics.isEmpty, "seed \(seed): \(parsed.messages)")
        #expect(parsed.sourceMap.facts.isEmpty, "seed \(seed): \(parsed.sourceMap.facts)")
        #expect(parsed.schema.canonicalized() == schema.canonicalized(), "seed \(seed)\n\(printed)")
        #expect(CKDBPrinter.print(parsed.schema) == printed)
    }

    @Test func theGeneratorIsDeterministicAndVaried() {
        #expect(RandomSchemaGenerator.schema(seed: 7) == RandomSchemaGenerator.schema(seed: 7))
        let schemas = (0..<50).map { RandomSchemaGenerator.schema(seed: UInt64($0)) }
        let fields = schemas.flatMap(\.recordTypes).flatMap(\.fields)
        #expect(Set(schemas).count > 40)
        #expect(fields.contains { $0.type.isList && $0.type.isEncrypted })
        #expect(fields.contains { $0.type.primitive == .number(preferredAs: .double) })
        #expect(fields.contains { SchemaIdentifier.isReservedWord($0.name) })
        #expect(schemas.flatMap(\.recordTypes).contains { !$0.systemFieldIndexes.isEmpty })
        #expect(schemas.flatMap(\.recordTypes).contains { type in
            Set(type.grants.map(\.role)).count < type.grants.count
        })
        #expect(fields.allSatisfy { $0.metadata == FieldMetadata() })
    }

    /// A rough speed figure (no assertion on time): parse and print a 200 × 200 schema.
    @Test func largeSchemaParseTime() {
        let options = RandomSchemaGenerator.Options(recordTypeCount: 200...200, fieldCount: 200...200,
                                                    roleCount: 3...3, grantCount: 3...3)
        let schema = RandomSchemaGenerator.schema(seed: 2024, options: options)
        let clock = ContinuousClock()
        var printed = ""
        let printTime = clock.measure { printed = CKDBPrinter.print(schema) }
        var parsed: ParsedSchema?
        let source = SourceFile(path: "large.ckdb", text: printed)
        // The best of a few runs, so one-off costs (first page faults, a busy machine) do not dominate.
        let parseTime = (0..<3).map { _ in clock.measure { parsed = CKDBParser.parse(source) } }.min() ?? .zero
        #expect(parsed?.diagnostics.isEmpty == true)
        #expect(parsed?.schema.canonicalized() == schema.canonicalized())
        print("ckdb 200×200 schema (\(printed.utf8.count) bytes): parse \(parseTime), print \(printTime)")
    }
}
