package import SwiftSyntax

extension SyntaxProtocol {
    /// The node as written, without the leading trivia of its first token and the trailing trivia of its
    /// last token: the same text as swift-syntax's `trimmedDescription`, read straight from the tokens.
    ///
    /// Why not `trimmedDescription`: it detaches a copy of the node into a new arena and rebuilds it twice
    /// (once per trimmed side) before printing it, for every call; the walks of check-code ask for the text of
    /// hundreds of small nodes (callees, types, keys) per file, and that copying was a large share of their
    /// instructions (docs/check-code.md, "Accuracy and speed"). A node with syntax errors (missing tokens,
    /// unexpected nodes) still goes through `trimmedDescription`, so the text is the same in every case.
    package var trimmedText: String {
        guard !hasError else { return trimmedDescription }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start <= end else { return trimmedDescription }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
