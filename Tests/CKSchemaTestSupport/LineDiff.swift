/// A line-based unified diff, for readable golden-file failures.
package enum LineDiff {
    /// Returns a unified diff from `expected` to `actual` with `context` lines around each change, or an
    /// empty string when they are equal.
    package static func unified(expected: String, actual: String, context: Int = 3) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(old, new)
        guard edits.contains(where: { $0.kind != .same }) else { return "" }
        var output: [String] = ["--- expected", "+++ actual"]
        var index = 0
        while index < edits.count {
            guard edits[index].kind != .same else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            // Extend the hunk while changes are closer than twice the context.
            while end < edits.count {
                if edits[end].kind != .same { end += 1; continue }
                var run = end
                while run < edits.count, edits[run].kind == .same { run += 1 }
                if run < edits.count, run - end <= 2 * context { end = run } else { break }
            }
            let stop = min(edits.count, end + context)
            let hunk = edits[start..<stop]
            let oldStart = (hunk.first { $0.kind != .insert }?.oldLine ?? 0) + 1
            let newStart = (hunk.first { $0.kind != .delete }?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: output.append(" " + edit.text)
                case .delete: output.append("-" + edit.text)
                case .insert: output.append("+" + edit.text)
                }
            }
            index = stop
        }
        return output.joined(separator: "\n")
    }

    private struct Edit {
        enum Kind { case same, delete, insert }
        let kind: Kind
        let text: String
        let oldLine: Int
        let newLine: Int
    }

    /// The shortest edit script by longest common subsequence (quadratic, fine for golden files).
    private static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let rows = old.count + 1
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: rows * columns)
        for oldIndex in stride(from: old.count - 1, through: 0, by: -1) {
            for newIndex in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[oldIndex * columns + newIndex] = old[oldIndex] == new[newIndex]
                    ? lengths[(oldIndex + 1) * columns + newIndex + 1] + 1
                    : max(lengths[(oldIndex + 1) * columns + newIndex], lengths[oldIndex * columns + newIndex + 1])
            }
        }
        var edits: [Edit] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, newIndex < new.count, old[oldIndex] == new[newIndex] {
                edits.append(Edit(kind: .same, text: old[oldIndex], oldLine: oldIndex, newLine: newIndex))
                oldIndex += 1
                newIndex += 1
            } else if newIndex < new.count,
                      oldIndex == old.count
                        || lengths[oldIndex * columns + newIndex + 1] >= lengths[(oldIndex + 1) * columns + newIndex] {
                edits.append(Edit(kind: .insert, text: new[newIndex], oldLine: oldIndex, newLine: newIndex))
                newIndex += 1
            } else {
                edits.append(Edit(kind: .delete, text: old[oldIndex], oldLine: oldIndex, newLine: newIndex))
                oldIndex += 1
            }
        }
        return edits
    }
}
