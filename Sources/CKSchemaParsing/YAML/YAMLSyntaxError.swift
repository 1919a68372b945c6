import CKSchemaCore
import CLibYAML

/// Turns the error libyaml stopped with into a located `yaml_syntax` diagnostic.
///
/// libyaml reports a problem mark (where it gave up) and sometimes a context mark (the construct it was
/// reading). Where it gives up is not always where the mistake is, so each class of error is pinned to the
/// more honest of the two, and tested:
/// - `could not find expected ':'` (a key that never finds its `: `): the colon of `title:string` when the
///   key is glued to its value, else the start of the key; libyaml has already left that line;
/// - the file ends inside a quoted scalar or a flow collection: the opening quote or bracket (the problem
///   mark is past the last line);
/// - `mapping values are not allowed in this context` right after a line such as `title:string`: the colon
///   lacking its space on that line (libyaml reads the two lines as one scalar and stops at the next `:`);
///   after a key longer than libyaml's 1,024-character limit: the problem mark, saying so;
/// - reader errors (control characters): the offending byte;
/// - everything else: the problem mark, which is the offending token (a tab there gets a hint).
///
/// The other mark, when there is one, becomes a note.
struct YAMLSyntaxError {
    /// libyaml's description of the problem (`did not find expected key`).
    let problem: String
    /// What libyaml was doing (`while parsing a block mapping`), if it said.
    let context: String?
    /// Where libyaml gave up.
    let problemPosition: (line: Int, column: Int)
    /// Where the construct it was reading starts, if it said.
    let contextPosition: (line: Int, column: Int)?
    /// Whether the problem mark lies at the end of the input.
    let isAtEndOfInput: Bool

    /// Reads the error state of `parser` after `yaml_parser_parse` failed.
    init(parser: UnsafeMutablePointer<yaml_parser_t>, positions: YAMLPositions, text: String) {
        let state = parser.pointee
        problem = state.problem.map { String(cString: $0) } ?? "invalid YAML"
        if state.error == YAML_READER_ERROR {
            problemPosition = YAMLPositions.position(ofByteOffset: state.problem_offset, in: text)
            context = nil
            contextPosition = nil
            isAtEndOfInput = false
            return
        }
        if state.error == YAML_MEMORY_ERROR {
            problemPosition = (1, 1)
            context = nil
            contextPosition = nil
            isAtEndOfInput = false
            return
        }
        problemPosition = positions.position(state.problem_mark)
        if let contextText = state.context {
            context = String(cString: contextText)
            contextPosition = positions.position(state.context_mark)
        } else {
            context = nil
            contextPosition = nil
        }
        // libyaml's character index skips a leading byte-order mark.
        let characterCount = text.unicodeScalars.count - (text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0)
        isAtEndOfInput = state.problem_mark.index >= characterCount
    }

    /// The diagnostic for this error in `file`.
    func diagnostic(in file: SourceFile) -> Diagnostic {
        let problemLocation = location(problemPosition, in: file)
        var contextNotes: [Note] = []
        if let context, let contextPosition {
            contextNotes.append(Note(context, at: location(contextPosition, in: file)))
        }

        if problem == "could not find expected ':'", let contextPosition {
            if let colon = Self.colonMissingItsSpace(onLine: contextPosition.line, in: file) {
                return missingSpace(colon: colon, in: file, libyamlNote: Note(problem, at: problemLocation))
            }
            return .error(.yamlSyntax, "\(problem) after this key", at: location(contextPosition, in: file),
                          notes: [Note("libyaml stopped here", at: problemLocation)])
        }
        if let context, let contextPosition, isAtEndOfInput {
            return .error(.yamlSyntax, "\(problem); \(Self.unclosed(context)) is never closed",
                          at: location(contextPosition, in: file),
                          notes: [Note("the file ends here", at: problemLocation)])
        }
        if problem == "mapping values are not allowed in this context" {
            if let colon = Self.colonMissingItsSpace(before: problemPosition.line, in: file) {
                return missingSpace(colon: colon, in: file, libyamlNote: Note(problem, at: problemLocation))
            }
            if let line = file.line(problemPosition.line),
               problemPosition.column - line.unicodeScalars.prefix(while: { $0 == " " }).count > 1024 {
                return .error(.yamlSyntax, problem + "; a key longer than 1,024 characters must be written '? key'",
                              at: problemLocation, notes: contextNotes)
            }
        }
        let isTab = Self.character(at: problemPosition, in: file) == "\t"
        let hint = isTab ? "; YAML indents with spaces, not tabs" : ""
        return .error(.yamlSyntax, problem + hint, at: problemLocation, notes: contextNotes)
    }

    /// The character at a 1-based position, if the position is inside the file.
    private static func character(at position: (line: Int, column: Int), in file: SourceFile) -> Unicode.Scalar? {
        guard let line = file.line(position.line), position.column >= 1 else { return nil }
        return line.unicodeScalars.dropFirst(position.column - 1).first
    }

    /// What `context` (`while parsing a flow mapping`) was reading, as the thing left open.
    private static func unclosed(_ context: String) -> String {
        if context.hasSuffix("flow mapping") { return "the '{' opened here" }
        if context.hasSuffix("flow sequence") { return "the '[' opened here" }
        if context.hasSuffix("quoted scalar") { return "the quote opened here" }
        return "what starts here"
    }

    private func missingSpace(colon: (line: Int, column: Int), in file: SourceFile, libyamlNote: Note)
        -> Diagnostic {
        .error(.yamlSyntax, "missing space after ':'; YAML reads 'key:value' as one word",
               at: location(colon, in: file), notes: [libyamlNote])
    }

    private func location(_ position: (line: Int, column: Int), in file: SourceFile) -> SourceLocation {
        SourceLocation(file: file.path, line: position.line, column: position.column)
    }

    /// The nearest line above `line` that holds something other than blanks and comments, if it has a
    /// key glued to its value (`title:string`).
    static func colonMissingItsSpace(before line: Int, in file: SourceFile) -> (line: Int, column: Int)? {
        var candidate = line - 1
        while candidate >= 1, let text = file.line(candidate) {
            let content = text.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") {
                candidate -= 1
                continue
            }
            return colonMissingItsSpace(onLine: candidate, in: file)
        }
        return nil
    }

    /// The position of the colon in a line shaped `[- ]key:value` whose key is a plain word, if any.
    static func colonMissingItsSpace(onLine line: Int, in file: SourceFile) -> (line: Int, column: Int)? {
        guard let text = file.line(line) else { return nil }
        var column = 1
        var sawKeyCharacter = false
        var previous: Unicode.Scalar = " "
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t":
                // Leading indentation and a sequence dash are fine; a space inside the key is not a glued key.
                if sawKeyCharacter { return nil }
            case "-" where !sawKeyCharacter:
                break
            case "#" where previous == " " || previous == "\t", "\"", "'", "{", "}", "[", "]", ",", "&", "*", "!":
                return nil
            case ":":
                guard sawKeyCharacter, let next = scalars.next() else { return nil }
                return next == " " || next == "\t" || next == ":" ? nil : (line, column)
            default:
                sawKeyCharacter = true
            }
            previous = scalar
            column += 1
        }
        return nil
    }
}
