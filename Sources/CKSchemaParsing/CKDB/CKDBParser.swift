package import CKSchemaCore

/// Reads the CloudKit Schema Language (`.ckdb`), the format `cktool export-schema` writes and
/// `cktool import-schema` reads.
///
/// The parser follows Apple's grammar (docs/cloudkit-facts.md §2.1) with contextual keywords, so names such as
/// `type`, `list` or `timestamp` need no quotes. It is lenient wherever the model can hold what was written
/// and a lint rule judges it (an unquoted reserved word, a repeated option, a duplicate definition, a
/// lower-case keyword, `ENCRYPTED ASSET`): those become `SyntaxFact`s in the source map. Everything else is
/// a located `ckdb_syntax` error; the parser then skips to the next item or statement and keeps going, so
/// one run reports every problem.
package enum CKDBParser {
    /// Parses `file`. Never fails: the result holds everything that could be read plus the errors.
    package static func parse(_ file: SourceFile) -> ParsedSchema {
        var parser = CKDBGrammarParser(file: file)
        parser.parseSchema()
        parser.applyDatabaseDirectives()
        parser.applyMigrationDirectives()
        return ParsedSchema(
            schema: parser.schema,
            sourceMap: parser.sourceMap,
            diagnostics: parser.collector.finished(),
            sources: [file],
            language: .ckdb
        )
    }
}

/// The recursive-descent parser behind `CKDBParser`. Its depth is fixed by the grammar (statement, item,
/// type), never by the input, and every loop consumes a token or stops.
struct CKDBGrammarParser {
    /// The file being read.
    let file: SourceFile
    /// Its UTF-8 bytes, which tokens point into.
    let bytes: [UInt8]
    /// Every token, ending with `.endOfFile`.
    let tokens: [CKDBToken]
    /// Index of the current token; never moves past the final `.endOfFile`.
    var position = 0
    /// The schema read so far.
    var schema = Schema()
    /// Locations and syntax facts found so far.
    var sourceMap = SourceMap()
    /// Where each record type and role was first defined, to spot duplicates.
    var definitions: [SchemaPath: SourceLocation] = [:]
    /// The errors found so far, capped.
    var collector: CKDBErrorCollector
    /// The token index of the last error, so one token never gets two errors.
    var lastErrorPosition = -1
    /// How many fields the previous record type defined: the next one's tables are sized for as many, since
    /// the types of one schema tend to be alike (growing a table rehashes it).
    var previousItemCount = 0

    init(file: SourceFile) {
        self.file = file
        self.bytes = Array(file.text.utf8)
        let lexed = CKDBLexer.tokenize(bytes)
        self.tokens = lexed.tokens
        self.collector = CKDBErrorCollector(file: file.path)
        // About three locations (name, type, an option) per item, and each item ends at a ',' or ')'.
        sourceMap.reserveCapacity(3 * lexed.itemEndCount)
        for error in lexed.errors {
            collector.error(error.message, line: error.line, column: error.column)
        }
    }

    // MARK: - Statements

    /// `DEFINE SCHEMA` followed by `CREATE ROLE` and `RECORD TYPE` statements.
    mutating func parseSchema() {
        parseHeader()
        while token.kind != .endOfFile {
            parseStatement()
        }
    }

    private mutating func parseHeader() {
        if token.kind == .endOfFile {
            guard !token.isAlreadyReported else { return }
            collector.add(.error(.emptyFile, "the file holds no schema: expected 'DEFINE SCHEMA'",
                                 at: SourceLocation(file: file.path, line: 1, column: 1)))
            return
        }
        guard isKeyword(.define) else {
            // One error; the statements that follow are still read. A misspelt or missing DEFINE before
            // SCHEMA is passed over so that the first statement is not lost.
            reportExpected("'DEFINE SCHEMA' at the start of the schema")
            if isKeyword(.schema) {
                consumeKeyword()
            } else if token.kind == .word && peekKeyword(1) == .schema {
                advance()
                consumeKeyword()
            }
            return
        }
        consumeKeyword()
        if isKeyword(.schema) {
            consumeKeyword()
        } else {
            reportExpected("'SCHEMA' after 'DEFINE'")
        }
    }

    private mutating func parseStatement() {
        switch token.kind == .word ? token.keyword : nil {
        case .create?:
            parseRole()
        case .record?:
            parseRecordType()
        case .define? where peekKeyword(1) == .schema:
            report("'DEFINE SCHEMA' may appear only once, at the start of the schema")
            consumeKeyword()
            consumeKeyword()
        default:
            reportExpected("'CREATE ROLE' or 'RECORD TYPE'")
            if token.kind == .semicolon {
                advance()
            } else {
                skipStatement()
            }
        }
    }

    /// `CREATE ROLE name;`
    private mutating func parseRole() {
        consumeKeyword()
        guard isKeyword(.role) else {
            reportExpected("'ROLE' after 'CREATE'")
            return skipStatement()
        }
        consumeKeyword()
        guard let name = readName() else {
            reportExpected("a role name after 'CREATE ROLE'")
            return skipStatement()
        }
        if registerDefinition(of: name, at: .role(name.text), duplicateKind: .duplicateRole) {
            schema.roles.append(Role(name: name.text))
        }
        expectStatementEnd(after: "role '\(name.text)'")
    }

    /// `RECORD TYPE name ( items );` — a duplicate definition is read (so its errors are reported) but only
    /// the first one is kept in the model.
    private mutating func parseRecordType() {
        consumeKeyword()
        guard isKeyword(.type) else {
            reportExpected("'TYPE' after 'RECORD'")
            return skipStatement()
        }
        consumeKeyword()
        guard let name = readName() else {
            reportExpected("a record type name after 'RECORD TYPE'")
            return skipStatement()
        }
        let isDuplicate = !registerDefinition(of: name, at: .recordType(name.text), duplicateKind: .duplicateRecordType)
        var builder = RecordTypeBuilder(name: name.text, recordsLocations: !isDuplicate,
                                        expectedItems: previousItemCount)
        guard token.kind == .leftParen else {
            reportExpected("'(' after record type '\(name.text)'")
            if !isDuplicate { schema.recordTypes.append(builder.recordType) }
            return skipStatement()
        }
        advance()
        let end = parseBody(&builder)
        previousItemCount = builder.definitions.count
        if !isDuplicate { schema.recordTypes.append(builder.recordType) }
        switch end {
        case .closed: expectStatementEnd(after: "record type '\(name.text)'")
        case .statementEnd: advance()
        case .endOfFile: break
        }
    }

    /// Registers the first definition of a role or record type and returns `true`; for a later one, notes
    /// `duplicateKind` pointing back at the first and returns `false`.
    private mutating func registerDefinition(of name: CKDBName, at path: SchemaPath,
                                             duplicateKind: SyntaxFact.Kind) -> Bool {
        let location = self.location(of: name.token)
        noteUnquoted(name, subject: path)
        guard let first = claimFirstDefinition(path, at: location) else { return true }
        sourceMap.facts.append(SyntaxFact(duplicateKind, at: location, subject: path, text: name.text, related: first))
        return false
    }

    /// Expects the `;` that ends a statement. When it is missing but the next statement starts right away,
    /// the error is reported and that statement is read normally.
    private mutating func expectStatementEnd(after what: String) {
        if token.kind == .semicolon {
            advance()
            return
        }
        reportExpected("';' after \(what)")
        if !(isKeyword(.record) || isKeyword(.create)) {
            skipStatement()
        }
    }

    /// Skips past the next `;` (statement-level recovery).
    mutating func skipStatement() {
        while token.kind != .endOfFile && token.kind != .semicolon {
            advance()
        }
        if token.kind == .semicolon { advance() }
    }
}
