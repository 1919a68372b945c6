/// One token of an `NSPredicate` format string; `offset` indexes the format's scalars.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A key path or keyword (`title`, `AND`, `distanceToLocation:fromLocation:`, `$var`).
        case word(String)
        /// A format specifier: `%K`, `%@`, `%d`, …
        case specifier(Character)
        /// `'text'` or `"text"`.
        case string
        case number
        /// `==`, `<=`, `&&`, `!`, …
        case symbol(String)
        /// `(`, `)`, `{`, `}`, `,`
        case punctuation(Character)
        /// `[c]`, `[cd]`: comparison options.
        case options
    }

    let kind: Kind
    let offset: Int
}

/// Splits a predicate format into tokens, or reports the first character it cannot read.
enum PredicateTokenizer {
    static func tokens(_ scalars: [Unicode.Scalar]) -> Result<[PredicateToken], PredicateSyntaxError> {
        var tokens: [PredicateToken] = []
        var index = 0
        func peek(_ distance: Int = 0) -> Unicode.Scalar? {
            index + distance < scalars.count ? scalars[index + distance] : nil
        }
        while let scalar = peek() {
            let start = index
            switch scalar {
            case " ", "\t", "\n", "\r":
                index += 1
            case "(", ")", "{", "}", ",":
                tokens.append(PredicateToken(kind: .punctuation(Character(scalar)), offset: start))
                index += 1
            case "[":
                while let next = peek(), next != "]" { index += 1 }
                guard peek() == "]" else { return .failure(PredicateSyntaxError("unclosed '['", at: start)) }
                index += 1
                tokens.append(PredicateToken(kind: .options, offset: start))
            case "'", "\"":
                index += 1
                while let next = peek(), next != scalar { index += next == "\\" ? 2 : 1 }
                guard peek() == scalar else { return .failure(PredicateSyntaxError("unterminated string", at: start)) }
                index += 1
                tokens.append(PredicateToken(kind: .string, offset: start))
            case "%":
                index += 1
                while let next = peek(), "hlqLzjt".unicodeScalars.contains(next) { index += 1 }
                guard let conversion = peek(), "@KdiuxXoOfeEgGcCsSp%".unicodeScalars.contains(conversion) else {
                    return .failure(PredicateSyntaxError("unknown format specifier", at: start))
                }
                index += 1
                tokens.append(PredicateToken(kind: .specifier(Character(conversion)), offset: start))
            case "=", "!", "<", ">", "&", "|":
                let pair = String(scalar) + (peek(1).map(String.init) ?? "")
                let symbol = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(pair) ? pair : String(scalar)
                guard symbol != "&", symbol != "|" else {
                    return .failure(PredicateSyntaxError("unexpected '\(symbol)'", at: start))
                }
                index += symbol.unicodeScalars.count
                tokens.append(PredicateToken(kind: .symbol(symbol), offset: start))
            case "0"..."9", "-", "+", ".":
                index += 1
                while let next = peek(), isWordScalar(next) || next == "." { index += 1 }
                tokens.append(PredicateToken(kind: .number, offset: start))
            default:
                guard isWordStart(scalar) else {
                    return .failure(PredicateSyntaxError("unexpected '\(scalar)'", at: start))
                }
                var word = ""
                while let next = peek(), isWordScalar(next) || next == "." || next == ":" {
                    word.unicodeScalars.append(next)
                    index += 1
                }
                tokens.append(PredicateToken(kind: .word(word), offset: start))
            }
        }
        return .success(tokens)
    }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar == "#" || scalar == "@" || scalar.properties.isAlphabetic
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        isWordStart(scalar) || ("0"..."9").contains(scalar)
    }
}

/// Why a predicate format could not be read, and where (a scalar offset in the format).
struct PredicateSyntaxError: Error, Sendable, Equatable {
    let message: String
    let offset: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
