/// Decoding string tokens whose raw bytes hold escapes. Only names, tags and enum values are ever decoded,
/// and only when they contain a backslash, so this is off the hot path.
enum JSONStrings {
    /// The UTF-8 bytes of the (already validated) string `token`; unpaired surrogates become U+FFFD.
    static func decode(_ token: StringToken, in base: UnsafePointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(token.count)
        var offset = token.start
        while offset < token.end {
            let byte = base[offset]
            guard byte == Byte.backslash, offset + 1 < token.end else {
                output.append(byte)
                offset += 1
                continue
            }
            let escaped = base[offset + 1]
            offset += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(base, offset, token.end) ?? 0xFFFD
                offset += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    if offset + 6 <= token.end, base[offset] == Byte.backslash, base[offset + 1] == UInt8(ascii: "u"),
                        let low = hexQuad(base, offset + 2, token.end), (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        offset += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: output.append(escaped)
            }
        }
        return output
    }

    /// The string `token` as a Swift `String`.
    static func string(_ token: StringToken, in base: UnsafePointer<UInt8>) -> String {
        if token.hasEscapes {
            return String(decoding: decode(token, in: base), as: UTF8.self)
        }
        return String(decoding: UnsafeBufferPointer(start: base + token.start, count: token.count), as: UTF8.self)
    }

    private static func hexQuad(_ base: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> UInt32? {
        guard offset + 4 <= end else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard let digit = Byte.hexValue(base[index]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
