/// A path pattern (the configuration's ignored paths, XcodeGen's `excludes`): `*` matches within one path
/// component, `**` across components, `?` one character. A pattern without `/` matches the last component
/// (`*.ckdb`) unless it is anchored.
package struct PathGlob: Sendable, Hashable {
    private let pattern: [Character]
    private let matchesBaseName: Bool

    /// `anchored`: the whole path must match, even for a pattern without `/`.
    package init(_ pattern: String, anchored: Bool = false) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        self.pattern = Array(trimmed)
        self.matchesBaseName = !anchored && !trimmed.contains("/")
    }

    /// Whether `path` matches; a leading `./` on the path is ignored.
    package func matches(_ path: String) -> Bool {
        var subject = path
        while subject.hasPrefix("./") { subject.removeFirst(2) }
        if matchesBaseName, let last = subject.split(separator: "/").last {
            return Self.match(pattern[...], Array(last)[...])
        }
        return Self.match(pattern[...], Array(subject)[...])
    }

    /// Iterative glob matching with two backtracking points, one for the last `*` (stays within a path
    /// component) and one for the last `**` (crosses components; `**/` resumes only at component starts).
    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var star: (p: Int, t: Int)?
        var doubleStar: (p: Int, t: Int, atBoundary: Bool)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                if p + 1 < pattern.endIndex, pattern[p + 1] == "*" {
                    p += 2
                    let atBoundary = p < pattern.endIndex && pattern[p] == "/"
                    if atBoundary { p += 1 }
                    doubleStar = (p, t, atBoundary)
                    star = nil
                } else {
                    p += 1
                    star = (p, t)
                }
            } else if p < pattern.endIndex,
                      (pattern[p] == "?" && text[t] != "/") || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let single = star, text[single.t] != "/" {
                star = (single.p, single.t + 1)
                p = single.p
                t = single.t + 1
            } else if var double = doubleStar {
                double.t += 1
                while double.atBoundary, double.t < text.endIndex, text[double.t - 1] != "/" { double.t += 1 }
                guard double.t <= text.endIndex else { return false }
                doubleStar = double
                star = nil
                p = double.p
                t = double.t
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
