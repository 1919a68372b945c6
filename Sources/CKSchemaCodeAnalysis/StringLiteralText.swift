import SwiftSyntax

/// The value of a string literal without interpolation, with the source offset of each of its Unicode
/// scalars, so that a position inside the value (a key in a predicate format) maps back to the file.
struct StringLiteralText: Sendable {
    /// The decoded value, as scalars.
    let scalars: [Unicode.Scalar]
    /// For each scalar, the UTF-8 offset in the file of the text that produced it (an escape maps to its
    /// backslash).
    let offsets: [Int]

    var value: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    /// Decodes `literal`, or returns `nil` when it interpolates (its value is only known at run time).
    init?(_ literal: StringLiteralExprSyntax) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        let pounds = literal.openingPounds?.text.count ?? 0
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            let start = text.content.positionAfterSkippingLeadingTrivia.utf8Offset
            let raw = Array(text.content.text.unicodeScalars)
            var rawOffsets: [Int] = []
            var offset = start
            for scalar in raw {
                rawOffsets.append(offset)
                offset += String(scalar).utf8.count
            }
            Self.decode(raw, rawOffsets, pounds: pounds, into: &scalars, &offsets)
        }
        self.scalars = scalars
        self.offsets = offsets
    }

    /// Appends the value of one literal segment, resolving escapes (`\n`, `\"`, `\u{1F600}`; with `#`
    /// delimiters, `\#n`). A backslash at the end of a line in a multi-line literal joins the lines.
    private static func decode(_ raw: [Unicode.Scalar], _ rawOffsets: [Int], pounds: Int,
                               into scalars: inout [Unicode.Scalar], _ offsets: inout [Int]) {
        var index = 0
        while index < raw.count {
            let scalar = raw[index]
            let escapeLength = 1 + pounds
            guard scalar == "\\", index + escapeLength < raw.count,
                  raw[(index + 1)..<(index + escapeLength)].allSatisfy({ $0 == "#" }) else {
                scalars.append(scalar)
                offsets.append(rawOffsets[index])
                index += 1
                continue
            }
            let at = rawOffsets[index]
            let before = scalars.count
            let code = raw[index + escapeLength]
            var next = index + escapeLength + 1
            switch code {
            case "n": scalars.append("\n")
            case "t": scalars.append("\t")
            case "r": scalars.append("\r")
            case "0": scalars.append("\0")
            case "\n": break  // line continuation
            case "u":
                var digits = ""
                if next < raw.count, raw[next] == "{" {
                    next += 1
                    while next < raw.count, raw[next] != "}" { digits.unicodeScalars.append(raw[next]); next += 1 }
                    next += 1
                }
                if let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) { scalars.append(decoded) }
            default: scalars.append(code)  // \" \' \\
            }
            if scalars.count > before { offsets.append(at) }
            index = next
        }
    }
}
