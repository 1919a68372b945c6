/// "Did you mean" suggestions for misspelled names (keys, type names, rule IDs), shared by every reader.
package enum Spelling {
    /// The word among `candidates` closest to `word` (case-insensitively), if it is close enough to be a
    /// likely typo: at most one edit for words of up to four characters, two for longer ones. Ties go to
    /// the earlier candidate.
    package static func closest(_ word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        guard !lowered.isEmpty, lowered.count <= 64 else { return nil }
        let allowed = lowered.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// The sentence tail suggesting `suggestion` (`; did you mean 'x'?`), or an empty string.
    package static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance, counting a swap of neighbours as one edit (iterative, three rows).
    package static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }
}
