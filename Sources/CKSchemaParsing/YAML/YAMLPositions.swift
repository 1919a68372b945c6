import CLibYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns libyaml marks into 1-based lines and columns that agree with `SourceFile.line(_:)`.
///
/// libyaml counts columns in characters (Unicode scalars) from 0, which is what ckschema wants, but it also
/// starts a new line at a lone CR, NEL (U+0085), LINE SEPARATOR and PARAGRAPH SEPARATOR, where editors and
/// `SourceFile` only break at LF. Files holding none of those (nearly all) use libyaml's line and column
/// directly; the others are converted from the mark's character index through a table of LF positions.
struct YAMLPositions {
    /// The character index (libyaml's `mark.index`, which skips a leading byte-order mark) at which each
    /// LF-delimited line starts, or `nil` when libyaml's own lines can be used.
    private let lineStarts: [Int]?

    init(text: String) {
        lineStarts = Self.hasExtraLineBreaks(text) ? Self.characterLineStarts(text) : nil
    }

    /// The 1-based (line, column) of a libyaml mark.
    func position(_ mark: yaml_mark_t) -> (line: Int, column: Int) {
        guard let lineStarts else {
            return (mark.line + 1, mark.column + 1)
        }
        let index = mark.index
        // The last line start at or before `index`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low + 1, index - lineStarts[low] + 1)
    }

    /// The 1-based (line, column) of a UTF-8 byte offset into `text`, as libyaml's reader errors give it.
    /// A leading byte-order mark takes no column, as in libyaml's marks.
    static func position(ofByteOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var byteIndex = 0
        for scalar in text.unicodeScalars {
            if byteIndex >= offset { break }
            byteIndex += UTF8.width(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else if !(byteIndex == 3 && scalar == "\u{FEFF}") {
                column += 1
            }
        }
        return (line, column)
    }

    /// Whether the text holds a line break libyaml counts but `SourceFile` does not.
    private static func hasExtraLineBreaks(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(hasExtraLineBreaks)
            ?? Array(text.utf8).withUnsafeBufferPointer(hasExtraLineBreaks)
    }

    private static func hasExtraLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        // A CR counts unless an LF follows it; `memchr` jumps from one CR to the next.
        var offset = 0
        while offset < end, let found = memchr(base + offset, 0x0D, end - offset) {
            let index = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
            if index + 1 >= end || bytes[index + 1] != 0x0A { return true }
            offset = index + 1
        }
        // NEL (C2 85), U+2028 and U+2029 (E2 80 A8/A9) start with a byte above 0x7F: ASCII text, nearly all of a
        // schema, is skipped 32 bytes at a time, and only the lead bytes C2 and E2 are looked at.
        var index = 0
        while index < end {
            if index + 32 <= end {
                let raw = UnsafeRawPointer(base + index)
                let high = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if high & 0x8080_8080_8080_8080 == 0 {
                    index += 32
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0xC2 {
                if index + 1 < end, bytes[index + 1] == 0x85 { return true }
            } else if byte == 0xE2 {
                if index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// The character index of every LF-delimited line start, counted as libyaml counts `mark.index`.
    private static func characterLineStarts(_ text: String) -> [Int] {
        var starts = [0]
        var index = 0
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        for scalar in scalars {
            index += 1
            if scalar == "\n" { starts.append(index) }
        }
        return starts
    }
}
