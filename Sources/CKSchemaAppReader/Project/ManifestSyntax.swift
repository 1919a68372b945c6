/// The literal shapes of a `Package.swift`, read as text — never compiled or run. Tokens are words, string
/// literals and single punctuation characters; comments are dropped. A value is a plain string literal, an
/// array literal, a call (`.target(name: …)`, `Package(…)`) or, for anything else (a variable, an operator, an
/// interpolated string, a closure), `.other`, which the manifest reader treats as not understood.
indirect enum ManifestValue: Equatable {
    case string(String)
    case array([ManifestValue])
    case call(name: String, arguments: [ManifestArgument])
    case other

    /// The argument labelled `label` of a call.
    subscript(label: String) -> ManifestValue? {
        guard case .call(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The strings of an array of string literals; `nil` when it is not one.
    var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
    }

    var callName: String? {
        if case .call(let name, _) = self { return name }
        return nil
    }
}

struct ManifestArgument: Equatable {
    var label: String?
    var value: ManifestValue
}

enum ManifestToken: Equatable {
    case word(String)
    /// A string literal without interpolation; `nil`: one with interpolation, a raw or a multi-line string.
    case string(String?)
    case symbol(Character)
}

enum ManifestSyntax {
    /// The tokens of a Swift source, comments left out.
    static func tokens(_ text: String) -> [ManifestToken] {
        let characters = Array(text)
        var tokens: [ManifestToken] = []
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if at(0) == "/", at(1) == "*" { depth += 1; index += 2 } else if at(0) == "*", at(1) == "/" {
                        depth -= 1; index += 2
                    } else { index += 1 }
                } while depth > 0 && index < characters.count
            } else if character == "\"" || (character == "#" && at(1) == "\"") {
                tokens.append(.string(readString(characters, &index)))
            } else if character.isLetter || character == "_" || character == "#" || character.isNumber {
                let start = index
                index += 1
                while let next = at(0), next.isLetter || next.isNumber || next == "_" { index += 1 }
                tokens.append(.word(String(characters[start..<index])))
            } else {
                tokens.append(.symbol(character))
                index += 1
            }
        }
        return tokens
    }

    /// Reads a string literal starting at `index`; its text when it is a plain one-line literal.
    private static func readString(_ characters: [Character], _ index: inout Int) -> String? {
        var hashes = 0
        while characters[index] == "#" { hashes += 1; index += 1 }
        let multiline = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
        let quote = multiline ? 3 : 1
        index += quote
        var text = ""
        var plain = hashes == 0 && !multiline
        while index < characters.count {
            let character = characters[index]
            if character == "\\" && hashes == 0 {
                guard index + 1 < characters.count else { break }
                let escaped = characters[index + 1]
                switch escaped {
                case "(": plain = false
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
                index += 2
                continue
            }
            if character == "\"", (0..<quote).allSatisfy({ index + $0 < characters.count && characters[index + $0] == "\"" }),
               (0..<hashes).allSatisfy({ index + quote + $0 < characters.count && characters[index + quote + $0] == "#" }) {
                index += quote + hashes
                return plain ? text : nil
            }
            if character == "\n" && !multiline { return nil }
            text.append(character)
            index += 1
        }
        return nil
    }

    /// The value written by `tokens` (one expression, no trailing comma). Nesting deeper than a manifest needs
    /// is not understood (and cannot exhaust the stack).
    static func value(_ tokens: ArraySlice<ManifestToken>, depth: Int = 0) -> ManifestValue {
        guard let first = tokens.first, depth < 32 else { return .other }
        if tokens.count == 1, case .string(let text?) = first { return .string(text) }
        if first == .symbol("["), closing(tokens, from: tokens.startIndex) == tokens.endIndex - 1 {
            let inner = tokens[(tokens.startIndex + 1)..<(tokens.endIndex - 1)]
            let items = split(inner)
            // `[:]` or `[key: value]`: a dictionary, not an array of values.
            if items.contains(where: { label(of: $0) != nil }) || inner == [.symbol(":")] { return .other }
            return .array(items.map { value($0, depth: depth + 1) })
        }
        var start = tokens.startIndex
        if first == .symbol(".") { start += 1 }
        guard start + 1 < tokens.endIndex, case .word(let name) = tokens[start], tokens[start + 1] == .symbol("("),
              closing(tokens, from: start + 1) == tokens.endIndex - 1 else { return .other }
        let arguments = split(tokens[(start + 2)..<(tokens.endIndex - 1)]).map { argument in
            if let label = label(of: argument) {
                return ManifestArgument(label: label, value: value(argument.dropFirst(2), depth: depth + 1))
            }
            return ManifestArgument(label: nil, value: value(argument, depth: depth + 1))
        }
        return .call(name: name, arguments: arguments)
    }

    /// The index of the bracket closing the one at `open`, or `nil` when it is not closed.
    static func closing(_ tokens: ArraySlice<ManifestToken>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            switch tokens[index] {
            case .symbol("("), .symbol("["), .symbol("{"): depth += 1
            case .symbol(")"), .symbol("]"), .symbol("}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `tokens` split at the commas outside brackets; a trailing comma adds nothing.
    static func split(_ tokens: ArraySlice<ManifestToken>) -> [ArraySlice<ManifestToken>] {
        var parts: [ArraySlice<ManifestToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            switch tokens[index] {
            case .symbol("("), .symbol("["), .symbol("{"): depth += 1
            case .symbol(")"), .symbol("]"), .symbol("}"): depth -= 1
            case .symbol(",") where depth == 0:
                parts.append(tokens[start..<index])
                start = index + 1
            default: break
            }
        }
        if start < tokens.endIndex { parts.append(tokens[start..<tokens.endIndex]) }
        return parts
    }

    /// The label of `label: value`.
    private static func label(of argument: ArraySlice<ManifestToken>) -> String? {
        guard argument.count >= 2, case .word(let word) = argument[argument.startIndex],
              argument[argument.startIndex + 1] == .symbol(":") else { return nil }
        return word
    }
}
