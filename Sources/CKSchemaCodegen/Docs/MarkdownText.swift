/// Escaping and anchors for the Markdown the docs generator writes.
enum MarkdownText {
    /// Text safe inside a table cell: pipes escaped, HTML-significant characters as entities, line breaks as
    /// `<br>`.
    static func cell(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "|": output += "\\|"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "&": output += "&amp;"
            case "\n", "\r\n": output += "<br>"
            case "\r", "\t": output += " "
            default: output.append(character)
            }
        }
        return output
    }

    /// Text safe as a paragraph: HTML-significant characters as entities; line breaks kept.
    static func paragraph(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                String(line).replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;")
                    .replacingAll(">", with: "&gt;").replacingAll("\r", with: "")
            }
            .joined(separator: "\n")
    }

    /// `text` as inline code, with a fence longer than any run of backticks inside it.
    static func code(_ text: String) -> String {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// `text` as inline code inside a table cell, where only a pipe needs escaping.
    static func cellCode(_ text: String) -> String {
        code(text).replacingAll("|", with: "\\|").replacingAll("\r", with: " ").replacingAll("\n", with: " ")
    }

    /// The anchor GitHub gives a heading: lower-cased, punctuation dropped, spaces as hyphens.
    static func anchor(forHeading heading: String) -> String {
        var output = ""
        for character in heading.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                output.append(character)
            } else if character == " " {
                output.append("-")
            }
        }
        return output
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            output += rest[..<range.lowerBound]
            output += replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
