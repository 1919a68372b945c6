/// Marks a removal and an addition that look like one element renamed without a renaming identifier: the
/// same signature (an attribute's type, a relationship's shape, an entity's attributes) and a similar name,
/// the only such pair. Each gets the other's name as `renameHint`; neither becomes a rename, because the store
/// does not carry the values over.
enum ModelRenameHints {
    /// `removed` and `added` are indices into `changes`; `signature` is given such an index.
    static func add(removed: [Int], added: [Int], in changes: inout [ModelChange], signature: (Int) -> String?) {
        guard !removed.isEmpty, !added.isEmpty else { return }
        var candidates: [(old: Int, new: Int)] = []
        for old in removed {
            guard let oldSignature = signature(old), let oldName = name(changes[old]) else { continue }
            for new in added {
                guard signature(new) == oldSignature, let newName = name(changes[new]),
                      isSimilar(oldName, newName) else { continue }
                candidates.append((old, new))
            }
        }
        for candidate in candidates {
            // Unambiguous only: neither side pairs with anything else.
            guard candidates.filter({ $0.old == candidate.old || $0.new == candidate.new }).count == 1 else { continue }
            changes[candidate.old].renameHint = name(changes[candidate.new])
            changes[candidate.new].renameHint = name(changes[candidate.old])
        }
    }

    /// An entity's signature: its stored attributes' names and types (none: no signature).
    static func signature(of entity: ModelEntity) -> String? {
        let attributes = entity.attributes.filter { !$0.isTransient }
        guard !attributes.isEmpty else { return nil }
        return attributes.map { "\($0.name) \(ModelChangeWords.type(of: $0))" }.sorted().joined(separator: ",")
    }

    /// The element's own name: the property, or the entity.
    private static func name(_ change: ModelChange) -> String? {
        guard let side = change.current ?? change.shipped else { return nil }
        return side.property ?? side.entity
    }

    /// Names that differ by little: one holds the other, or the edit distance is at most a third of the longer
    /// (at least 1), ignoring case.
    static func isSimilar(_ first: String, _ second: String) -> Bool {
        let a = Array(first.lowercased()), b = Array(second.lowercased())
        if a == b { return true }
        if min(a.count, b.count) >= 3, first.lowercased().contains(second.lowercased()) || second.lowercased().contains(first.lowercased()) {
            return true
        }
        return distance(a, b) <= max(1, max(a.count, b.count) / 3)
    }

    /// The Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
