package import CKSchemaCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Inline suppression comments, found by scanning raw lines (YAML and `.ckdb` parsers drop comments).
///
/// In a comment (`#` in YAML; `//`, `--` or `/* */` in `.ckdb`):
/// - `ckschema:disable-next-line [rule_id …]` silences the next line,
/// - `ckschema:disable-line [rule_id …]` silences its own line,
/// - `ckschema:disable [rule_id …]` … `ckschema:enable [rule_id …]` silences the lines between.
/// Without rule IDs, every rule is silenced. Built-in errors (syntax, unknown keys) are never silenced:
/// suppressions only apply to the diagnostics of lint rules.
package struct Suppressions: Sendable {
    /// Silenced (file, line) → rule IDs (empty set = every rule).
    private var silenced: [String: [Int: Set<String>]] = [:]

    package init(sources: [SourceFile]) {
        for source in sources {
            silenced[source.path] = Self.scan(source)
        }
    }

    /// Whether `diagnostic` falls on a line silenced for its rule.
    package func suppresses(_ diagnostic: Diagnostic) -> Bool {
        guard let location = diagnostic.location,
              let ids = silenced[location.file]?[location.line] else { return false }
        return ids.isEmpty || ids.contains(diagnostic.id.rawValue)
    }

    private static func scan(_ source: SourceFile) -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        var openRanges: [String: Int] = [:]  // rule ID ("" = all) → first silenced line
        func silence(_ line: Int, _ ids: Set<String>) {
            if ids.isEmpty {
                result[line] = []
            } else if result[line] != [] {
                result[line, default: []].formUnion(ids)
            }
        }
        let lineCount = source.lineCount
        let candidates = linesMentioningMarker(in: source.text)
        guard lineCount > 0, !candidates.isEmpty else { return [:] }
        for number in candidates {
            guard let line = source.line(number), let directive = Directive(line) else { continue }
            switch directive.verb {
            case "disable-next-line": silence(number + 1, directive.ids)
            case "disable-line": silence(number, directive.ids)
            case "disable":
                for id in directive.ids.isEmpty ? [""] : Array(directive.ids) where openRanges[id] == nil {
                    openRanges[id] = number
                }
            case "enable":
                for id in directive.ids.isEmpty ? Array(openRanges.keys) : Array(directive.ids) {
                    guard let start = openRanges.removeValue(forKey: id) else { continue }
                    for silenced in start...number { silence(silenced, id.isEmpty ? [] : [id]) }
                }
            default: break
            }
        }
        for (id, start) in openRanges where start <= lineCount {
            for silenced in start...lineCount { silence(silenced, id.isEmpty ? [] : [id]) }
        }
        return result
    }
}

/// The 1-based numbers of the lines that contain `ckschema:`. `memchr` jumps between the marker's rarest
/// letter, `k`, so a file without directives costs one vectorised pass; newlines are counted only up to each
/// match.
private func linesMentioningMarker(in text: String) -> [Int] {
    var text = text
    return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return [] }
        let marker = Array("ckschema:".utf8)
        var lines: [Int] = []
        var line = 1
        var counted = 0  // the newlines before this offset have been counted
        var searchFrom = 1  // a match needs the `c` before its `k`
        while searchFrom < bytes.count,
              let found = memchr(base + searchFrom, Int32(UInt8(ascii: "k")), bytes.count - searchFrom) {
            let k = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            searchFrom = k + 1
            let start = k - 1
            guard start + marker.count <= bytes.count,
                  marker.indices.allSatisfy({ bytes[start + $0] == marker[$0] }) else { continue }
            for index in counted..<start where bytes[index] == UInt8(ascii: "\n") { line += 1 }
            counted = start
            if lines.last != line { lines.append(line) }
        }
        return lines
    }
}

/// One `ckschema:<verb> [ids]` directive inside a comment on a line.
private struct Directive {
    let verb: String
    let ids: Set<String>

    private static let marker = Array("ckschema:".utf8)
    private static let commentOpeners: [[UInt8]] = [Array("#".utf8), Array("//".utf8), Array("--".utf8), Array("/*".utf8)]

    init?(_ line: Substring) {
        let bytes = Array(line.utf8)
        guard let start = Self.firstIndex(of: Self.marker, in: bytes[...]) else { return nil }
        let before = bytes[..<start]
        guard Self.commentOpeners.contains(where: { Self.firstIndex(of: $0, in: before) != nil }) else { return nil }
        let rest = bytes[(start + Self.marker.count)...]
        let separators: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "*"),
                                      UInt8(ascii: "/")]
        var words = rest.split(whereSeparator: { separators.contains($0) }).map { String(decoding: $0, as: UTF8.self) }
        guard !words.isEmpty else { return nil }
        verb = words.removeFirst()
        let isRuleID: (String) -> Bool = { word in
            word.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
        ids = Set(words.prefix(while: isRuleID))
    }

    /// The index where `needle` first occurs in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
