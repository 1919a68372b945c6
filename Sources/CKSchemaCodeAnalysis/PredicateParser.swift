import CKSchemaRules

/// What a predicate format asks of the schema, read with a small parser for the `NSPredicate` format
/// grammar that CloudKit accepts:
///
///     predicate   := term (("AND" | "&&" | "OR" | "||") term)*
///     term        := ("NOT" | "!")* ( "(" predicate ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison )
///     comparison  := [ANY | ALL | NONE | SOME] expression operator [options] expression
///     operator    := == | = | != | <> | < | <= | =< | > | >= | => | IN | BEGINSWITH | ENDSWITH | CONTAINS
///                    | LIKE | MATCHES | BETWEEN
///     expression  := keypath | SELF | %K | %@ | %d … | 'string' | number | TRUE | FALSE | NIL
///                    | "{" expression ("," expression)* "}" | function "(" expression ("," expression)* ")"
///
/// Parentheses are tracked with a counter instead of recursion, so nesting depth costs nothing.
struct ParsedPredicate: Sendable, Equatable {
    /// A key the predicate compares: a key path in the format, or the `%K` argument at an index.
    enum KeyReference: Sendable, Equatable {
        case path(String, offset: Int)
        case argument(Int, offset: Int)
    }

    enum Term: Sendable, Equatable {
        /// `TRUEPREDICATE`: matches every record.
        case matchAll(offset: Int)
        /// `self CONTAINS …`: full-text search.
        case search(offset: Int)
        /// A key compared with an operation.
        case filter(FilterOperation, KeyReference)
    }

    var terms: [Term] = []
    /// How many variadic arguments the format consumes.
    var argumentCount = 0

    /// Parses `scalars`, or reports the first token it cannot read.
    static func parse(_ scalars: [Unicode.Scalar]) -> Result<ParsedPredicate, PredicateSyntaxError> {
        switch PredicateTokenizer.tokens(scalars) {
        case .failure(let error): return .failure(error)
        case .success(let tokens):
            var parser = PredicateParser(tokens: tokens, end: scalars.count)
            return parser.parse()
        }
    }
}

private struct PredicateParser {
    let tokens: [PredicateToken]
    let end: Int
    var index = 0
    var result = ParsedPredicate()

    /// An operand of a comparison, as far as the schema cares.
    private enum Operand {
        case key(ParsedPredicate.KeyReference)
        case selfKeyword(offset: Int)
        /// `distanceToLocation:fromLocation:(key, …)`.
        case distance(ParsedPredicate.KeyReference?)
        case value
    }

    init(tokens: [PredicateToken], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    mutating func parse() -> Result<ParsedPredicate, PredicateSyntaxError> {
        var openParentheses = 0
        var expectTerm = true
        while index < tokens.count || expectTerm {
            if expectTerm {
                while keyword() == "NOT" || currentSymbol == "!" { index += 1 }
                if currentPunctuation == "(" {
                    openParentheses += 1
                    index += 1
                    continue
                }
                guard index < tokens.count else { return .failure(PredicateSyntaxError("expected a comparison", at: end)) }
                if let word = keyword(), word == "TRUEPREDICATE" || word == "FALSEPREDICATE" {
                    if word == "TRUEPREDICATE" { result.terms.append(.matchAll(offset: tokens[index].offset)) }
                    index += 1
                } else if let failure = comparison() {
                    return .failure(failure)
                }
                expectTerm = false
            } else if keyword() == "AND" || keyword() == "OR" {
                index += 1
                expectTerm = true
            } else if currentSymbol == "&&" || currentSymbol == "||" {
                index += 1
                expectTerm = true
            } else if currentPunctuation == ")", openParentheses > 0 {
                openParentheses -= 1
                index += 1
            } else {
                return .failure(PredicateSyntaxError("expected AND, OR or the end", at: tokens[index].offset))
            }
        }
        guard openParentheses == 0 else { return .failure(PredicateSyntaxError("unclosed '('", at: end)) }
        return .success(result)
    }

    // MARK: - Comparisons

    /// Reads `lhs operator rhs` and records what it asks of the schema; returns an error instead.
    private mutating func comparison() -> PredicateSyntaxError? {
        var aggregate = false
        if let word = keyword(), ["ANY", "ALL", "NONE", "SOME"].contains(word) {
            aggregate = true
            index += 1
        }
        guard case .success(let lhs) = operand() else { return failure("expected a key path or value") }
        guard index < tokens.count, let operation = comparisonOperator(aggregate: aggregate) else {
            return failure("expected a comparison operator")
        }
        index += 1
        if index < tokens.count, tokens[index].kind == .options { index += 1 }
        guard case .success(let rhs) = operand() else { return failure("expected a key path or value") }
        record(lhs: lhs, operation: operation, rhs: rhs)
        return nil
    }

    private mutating func record(lhs: Operand, operation: Operation, rhs: Operand) {
        switch (lhs, operation, rhs) {
        case (.selfKeyword(let offset), .contains, _):
            result.terms.append(.search(offset: offset))
        case (.distance(let key?), _, _):
            result.terms.append(.filter(.distance, key))
        case (.key(let key), _, _):
            result.terms.append(.filter(operation.filter, key))
        case (_, _, .key(let key)):
            // `%@ IN tags`, `'x' IN tags`, `3 < rank`: the key is on the right.
            result.terms.append(.filter(operation.filter, key))
        default:
            break
        }
    }

    private enum Operation {
        case equality, range, membership, prefix, contains

        var filter: FilterOperation {
            switch self {
            case .equality: .equality
            case .range: .range
            case .membership, .contains: .membership
            case .prefix: .prefix
            }
        }
    }

    private func comparisonOperator(aggregate: Bool) -> Operation? {
        let token = tokens[index]
        if case .symbol(let symbol) = token.kind {
            switch symbol {
            case "==", "=", "!=", "<>": return aggregate ? .membership : .equality
            case "<", "<=", "=<", ">", ">=", "=>": return .range
            default: return nil
            }
        }
        switch keyword() {
        case "IN": return .membership
        case "CONTAINS": return .contains
        case "BEGINSWITH": return .prefix
        case "ENDSWITH", "LIKE", "MATCHES": return .equality
        case "BETWEEN": return .range
        default: return nil
        }
    }

    // MARK: - Operands

    private mutating func operand() -> Result<Operand, PredicateSyntaxError> {
        guard index < tokens.count else { return .failure(PredicateSyntaxError("expected an operand", at: end)) }
        let token = tokens[index]
        index += 1
        switch token.kind {
        case .specifier(let conversion):
            let argument = result.argumentCount
            if conversion != "%" { result.argumentCount += 1 }
            return .success(conversion == "K" ? .key(.argument(argument, offset: token.offset)) : .value)
        case .string, .number:
            return .success(.value)
        case .punctuation("{"):
            return list(closing: "}") ? .success(.value) : .failure(PredicateSyntaxError("unclosed '{'", at: token.offset))
        case .word(let word):
            switch word.uppercased() {
            case "SELF": return .success(.selfKeyword(offset: token.offset))
            case "TRUE", "FALSE", "YES", "NO", "NIL", "NULL": return .success(.value)
            default: break
            }
            guard currentPunctuation == "(" else { return .success(.key(.path(word, offset: token.offset))) }
            index += 1
            let firstArgument = index < tokens.count ? tokens[index] : nil
            let argumentsStart = result.argumentCount
            guard list(closing: ")") else { return .failure(PredicateSyntaxError("unclosed '('", at: token.offset)) }
            guard word.hasPrefix("distanceToLocation:") else { return .success(.value) }
            switch firstArgument?.kind {
            case .word(let key)?: return .success(.distance(.path(key, offset: firstArgument?.offset ?? token.offset)))
            case .specifier("K")?:
                return .success(.distance(.argument(argumentsStart, offset: firstArgument?.offset ?? token.offset)))
            default: return .success(.distance(nil))
            }
        default:
            return .failure(PredicateSyntaxError("expected a key path or value", at: token.offset))
        }
    }

    /// Skips a comma-separated list of simple operands up to `closing`, counting format arguments.
    private mutating func list(closing: Character) -> Bool {
        var depth = 1
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .punctuation(let mark) where mark == "(" || mark == "{": depth += 1
            case .punctuation(let mark) where mark == ")" || mark == "}":
                depth -= 1
                if depth == 0 { return mark == closing }
            case .specifier(let conversion) where conversion != "%": result.argumentCount += 1
            default: break
            }
        }
        return false
    }

    // MARK: - Token helpers

    private func keyword() -> String? {
        guard index < tokens.count, case .word(let word) = tokens[index].kind else { return nil }
        return word.uppercased()
    }

    private var currentSymbol: String? {
        guard index < tokens.count, case .symbol(let symbol) = tokens[index].kind else { return nil }
        return symbol
    }

    private var currentPunctuation: Character? {
        guard index < tokens.count, case .punctuation(let mark) = tokens[index].kind else { return nil }
        return mark
    }

    private func failure(_ message: String) -> PredicateSyntaxError {
        PredicateSyntaxError(message, at: index < tokens.count ? tokens[index].offset : end)
    }
}
