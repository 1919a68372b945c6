import CKSchemaCore

/// A name as written: a bare word or a quoted name, with the token it came from.
struct CKDBName {
    /// The name without quotes.
    var text: String
    /// The token it was written as.
    var token: CKDBToken
    /// Whether it was written in double quotes.
    var isQuoted: Bool
}

/// Token access, names and error reporting shared by the statement, record-type and data-type parsers.
extension CKDBGrammarParser {
    /// The current token.
    var token: CKDBToken { tokens[position] }

    /// Moves to the next token, staying on the final `.endOfFile`.
    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    /// The keyword the token `offset` places ahead spells, if it is a word.
    func peekKeyword(_ offset: Int) -> CKDBKeyword? {
        let index = min(position + offset, tokens.count - 1)
        return tokens[index].kind == .word ? tokens[index].keyword : nil
    }

    /// Whether the current token is the word `keyword` (in any case).
    func isKeyword(_ keyword: CKDBKeyword) -> Bool {
        token.kind == .word && token.keyword == keyword
    }

    /// The keyword the current token spells, if it is a word.
    var currentKeyword: CKDBKeyword? {
        token.kind == .word ? token.keyword : nil
    }

    /// Consumes the current token as a keyword, noting it when it is not written in upper case.
    mutating func consumeKeyword() {
        if !token.isUppercase {
            sourceMap.facts.append(SyntaxFact(.nonUppercaseKeyword, at: location(of: token), text: text(of: token)))
        }
        advance()
    }

    /// Where `token` starts.
    func location(of token: CKDBToken) -> SourceLocation {
        SourceLocation(file: file.path, line: token.line, column: token.column)
    }

    /// The token's text exactly as written.
    func text(of token: CKDBToken) -> String {
        decode(token.start..<token.end)
    }

    /// The UTF-8 bytes in `range` as a string (the input came from a `String`, so they are valid UTF-8).
    func decode(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Reads a name (a bare word, whatever it spells, or a quoted name) and consumes it; `nil` when the
    /// current token is not a name.
    mutating func readName() -> CKDBName? {
        let current = token
        switch current.kind {
        case .word:
            advance()
            return CKDBName(text: text(of: current), token: current, isQuoted: false)
        case .quotedName:
            advance()
            let name = decode((current.start + 1)..<(current.end - 1))
            return CKDBName(text: name, token: current, isQuoted: true)
        default:
            return nil
        }
    }

    /// Records the facts a bare name can carry: a reserved word, or a name that needs quotes.
    mutating func noteUnquoted(_ name: CKDBName, subject: SchemaPath) {
        guard !name.isQuoted else { return }
        // Every reserved word is a keyword, which the lexer has already matched: the name's bytes are not
        // compared again (names of the reserved words' lengths cost 250 instructions each).
        let isReservedWord = name.token.keyword?.isReservedWord ?? false
        // An unquoted name is its token's bytes, read in place: `String.utf8.contains` ran a generic iterator.
        let written = bytes[name.token.start..<name.token.end]
        let needsQuotes = written.first == UInt8(ascii: "_") || written.contains(UInt8(ascii: "."))
        guard isReservedWord || needsQuotes else { return }
        let location = self.location(of: name.token)
        if isReservedWord {
            sourceMap.facts.append(SyntaxFact(.unquotedReservedWord, at: location, subject: subject, text: name.text))
        }
        if needsQuotes {
            sourceMap.facts.append(SyntaxFact(.unquotedSpecialName, at: location, subject: subject, text: name.text))
        }
    }

    /// Records `location` as where the record type or role `path` is first defined and returns `nil`, or
    /// returns the earlier location. One hash in the common case: the insertion itself reveals a duplicate.
    mutating func claimFirstDefinition(_ path: SchemaPath, at location: SourceLocation) -> SourceLocation? {
        guard let earlier = definitions.updateValue(location, forKey: path) else {
            sourceMap.record(path, at: location)
            return nil
        }
        definitions[path] = earlier
        return earlier
    }

    // MARK: - Errors

    /// Reports `message` at the current token, unless that token already carries an error.
    mutating func report(_ message: String, subject: SchemaPath? = nil) {
        guard !token.isAlreadyReported, lastErrorPosition != position else { return }
        lastErrorPosition = position
        collector.error(message, line: token.line, column: token.column, subject: subject)
    }

    /// Reports `expected <what>, found <current token>`.
    mutating func reportExpected(_ what: String, subject: SchemaPath? = nil) {
        report("expected \(what), found \(describe(token))", subject: subject)
    }

    /// The current token as error messages quote it: `'BOOLEAN'`, `','`, `end of file`.
    func describe(_ token: CKDBToken) -> String {
        if token.kind == .endOfFile { return "end of file" }
        let limit = 40
        let scalars = text(of: token).unicodeScalars
        guard scalars.count > limit else { return "'\(String(scalars))'" }
        return "'\(String(String.UnicodeScalarView(scalars.prefix(limit))))…'"
    }
}
