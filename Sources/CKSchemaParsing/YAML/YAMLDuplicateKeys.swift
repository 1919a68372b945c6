import CKSchemaCore

/// Finds the keys of one mapping that repeat an earlier key's text.
enum YAMLDuplicateKeys {
    /// Mappings with at most this many pairs are checked pairwise, which beats hashing for the small
    /// mappings (field definitions) that make up most of a schema.
    private static let pairwiseLimit = 12

    /// Each scalar key of the mapping at `mapping` that repeats an earlier key, with that earlier key.
    static func find(in document: YAMLDocument, mapping: Int, pairCount: Int) -> [(key: Int, first: Int)] {
        let nodes = document.nodes
        let texts = document.texts
        let end = Int(nodes[mapping].end)
        // Exactly two whole pairs, as in most field definitions (`{ type: …, indexes: […] }`): one comparison.
        let first = mapping + 1
        if pairCount == 2, let second = nextKey(after: first, in: nodes, end: end), second < end,
           nextKey(after: second, in: nodes, end: end) == end {
            guard nodes[first].kind == .scalar, nodes[second].kind == .scalar, texts[first] == texts[second] else {
                return []
            }
            return [(second, first)]
        }
        var duplicates: [(key: Int, first: Int)] = []
        if pairCount <= pairwiseLimit {
            var key = mapping + 1
            while key < end, let next = nextKey(after: key, in: nodes, end: end) {
                if nodes[key].kind == .scalar {
                    var later = next
                    while later < end, let afterLater = nextKey(after: later, in: nodes, end: end) {
                        if nodes[later].kind == .scalar, texts[later] == texts[key],
                           !duplicates.contains(where: { $0.key == later }) {
                            duplicates.append((later, key))
                        }
                        later = afterLater
                    }
                }
                key = next
            }
            return duplicates.count < 2 ? duplicates : duplicates.sorted { $0.key < $1.key }
        }
        // Large mappings (a type's `fields`) are looked up by the FNV-1a hash of the keys' bytes, which costs
        // a fraction of hashing `String`s; keys with one hash are told apart by their texts.
        var firstIndex = HashedKeyTable(minimumCapacity: pairCount)
        var key = mapping + 1
        while key < end, let next = nextKey(after: key, in: nodes, end: end) {
            if nodes[key].kind == .scalar {
                let hash = HashedKeyTable.hash(texts[key])
                if let first = firstIndex.first(hash, where: { texts[$0] == texts[key] }) {
                    duplicates.append((key, first))
                } else {
                    firstIndex.insert(key, for: hash)
                }
            }
            key = next
        }
        return duplicates
    }

    /// The index of the key after the pair starting at `key`, or `nil` when the pair has no value.
    private static func nextKey(after key: Int, in nodes: [YAMLNode], end: Int) -> Int? {
        let value = Int(nodes[key].end)
        guard value < end else { return nil }
        return Int(nodes[value].end)
    }
}
