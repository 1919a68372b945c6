import CKSchemaCore

/// Swift literal text for values that come from a schema.
package enum SwiftLiteral {
    /// Returns `value` as a Swift string literal: quotes, backslashes and control characters are escaped, and
    /// so are bidirectional-text controls, so the literal reads in source exactly as it compiles.
    package static func string(_ value: String) -> String {
        TextEscaping.quoted(value, escapes: escapes) { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }
    }

    private static let escapes: [Unicode.Scalar: String] = [
        "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
    ]

    /// Returns text that is safe inside a `//` or `///` comment line: line breaks and other control
    /// characters become spaces.
    package static func commentText(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { TextEscaping.mustEscape($0) ? " " : $0 }))
    }
}
