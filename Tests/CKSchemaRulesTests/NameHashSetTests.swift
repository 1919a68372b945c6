@testable import CKSchemaRules
import Testing

@Suite struct NameHashSetTests {
    @Test func itAnswersLikeASetAndGrowsPastItsCapacity() {
        var set = NameHashSet(minimumCapacity: 1)
        var reference = Set<UInt64>()
        // Hashes with equal low bits, zero, and the same value twice: every path of the table.
        let hashes: [UInt64] = (0..<2_000).map { UInt64($0 % 1_500) << 40 } + [0, 0, 1, UInt64.max, UInt64.max]
        for hash in hashes {
            let inserted = set.insert(hash), expected = reference.insert(hash).inserted
            #expect(inserted == expected, "\(hash)")
        }
    }

    @Test func namesHashedIgnoringCaseMeetOnlyWhenEqualIgnoringCase() {
        var set = NameHashSet(minimumCapacity: 4)
        let first = set.insert(NameHash.of("Title", ignoringCase: true))
        let again = set.insert(NameHash.of("TITLE", ignoringCase: true))
        let other = set.insert(NameHash.of("Titles", ignoringCase: true))
        #expect(first && !again && other)
    }
}
