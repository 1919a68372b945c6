/// Reads libFuzzer dictionary files (`name="value"` or `"value"` per line, `#` comments, `\"`, `\\` and `\xAB`
/// escapes), so that libFuzzer and the deterministic fuzzer share one list of tokens per language.
package enum FuzzDictionary {
    /// The tokens of a dictionary file's text; malformed lines are skipped.
    package static func tokens(in text: String) -> [[UInt8]] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> [UInt8]? in
            let bytes = Array(line.utf8)
            guard let open = bytes.firstIndex(of: UInt8(ascii: "\"")), bytes.first != UInt8(ascii: "#"),
                  let close = bytes.lastIndex(of: UInt8(ascii: "\"")), close > open else { return nil }
            return unescape(bytes[(open + 1)..<close])
        }
    }

    private static func unescape(_ quoted: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var index = quoted.startIndex
        while index < quoted.endIndex {
            let byte = quoted[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < quoted.endIndex else {
                result.append(byte)
                continue
            }
            let escaped = quoted[index]
            index += 1
            if escaped == UInt8(ascii: "x"), index + 2 <= quoted.endIndex,
               let value = UInt8(String(decoding: quoted[index..<(index + 2)], as: UTF8.self), radix: 16) {
                result.append(value)
                index += 2
            } else {
                result.append(escaped)
            }
        }
        return result
    }
}
