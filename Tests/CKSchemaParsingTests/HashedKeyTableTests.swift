import CKSchemaCore
@testable import CKSchemaParsing
import CKSchemaTestSupport
import Testing

@Suite struct HashedKeyTableTests {
    /// Keys whose hashes collide, in the top bits that pick a slot and in full, are all found, before and
    /// after the table grows: a lookup hands every candidate of a hash to the caller's comparison.
    @Test func everyKeyIsFoundAmongCollidingHashesAcrossGrowth() {
        let keys = (0..<3_000).map { "key\($0)" }
        // 1,000 distinct hashes with equal low bits, each shared by three different keys.
        func hash(_ index: Int) -> UInt64 { UInt64(index % 1_000) << 40 }
        var table = HashedKeyTable(minimumCapacity: 1)
        for index in keys.indices {
            #expect(table.first(hash(index), where: { keys[$0] == keys[index] }) == nil)
            table.insert(index, for: hash(index))
        }
        for index in keys.indices {
            #expect(table.first(hash(index), where: { keys[$0] == keys[index] }) == index)
        }
        #expect(table.first(hash(7), where: { _ in false }) == nil)
        #expect(table.first(UInt64.max, where: { _ in true }) == nil)
    }

    @Test func aDuplicateFieldKeyInALargeMappingIsFoundByItsText() throws {
        let fields = (0..<40).map { "      f\($0): string\n" }.joined()
        let text = "recordTypes:\n  Note:\n    fields:\n" + fields + "      f7: int64\n"
        let parsed = parseYAML(text)
        #expect(parsed.diagnostics.map(\.id.rawValue) == ["yaml_duplicate_key"])
        #expect(parsed.diagnostics.first?.location?.line == 44)
        #expect(parsed.schema.recordTypes.first?.fields.count == 40)
    }
}
