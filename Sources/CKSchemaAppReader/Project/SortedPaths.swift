/// Lookups in a sorted list of root-relative file paths (`AppFileSource.files`), by binary search.
extension Array where Element == String {
    /// Whether `path` is one of the files.
    func holdsFile(_ path: String) -> Bool {
        let index = firstIndex(notBefore: path)
        return index < count && self[index] == path
    }

    /// Whether `path` is a folder holding some of the files (the root, `""`, holds them all).
    func holdsFolder(_ path: String) -> Bool {
        guard !path.isEmpty else { return !isEmpty }
        let index = firstIndex(notBefore: path + "/")
        return index < count && self[index].hasPrefix(path + "/")
    }

    /// The index of the first path not ordered before `path`.
    private func firstIndex(notBefore path: String) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
