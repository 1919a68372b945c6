import Foundation

/// The tokens Mermaid's ER-diagram lexer gives a diagram, for tests: a port of the `INITIAL` and `block` rules
/// of Mermaid's `erDiagram.jison` (mermaid-js/mermaid, packages/mermaid/src/diagrams/er/parser), tried in the
/// grammar's order with jison's default first-match semantics, case-insensitively (`%options case-insensitive`).
/// Keyword rules are literal strings without word boundaries, which is how jison compiles them unless told
/// otherwise, so a bare `Classroom` lexes as `CLASS` + `room` here as it does in Mermaid.
struct MermaidERLexer {
    struct Token: Equatable, CustomStringConvertible {
        var kind: String
        var text: String
        var description: String { "\(kind)(\(text))" }
    }

    private enum State { case initial, block, backquoted }

    /// `(pattern, token kind, state change)`; a `nil` kind skips the match.
    private typealias Rule = (pattern: String, kind: String?, change: StateChange?)
    private enum StateChange { case begin(State), pop }

    private static let initialRules: [Rule] = [
        (#"accTitle\s*":"\s*"#, "ACC_TITLE", nil),
        (#"accDescr\s*":"\s*"#, "ACC_DESCR", nil),
        (#"accDescr\s*"\{"\s*"#, "ACC_DESCR_MULTILINE", nil),
        (#".*direction\s+TB[^\n]*"#, "DIRECTION_TB", nil),
        (#".*direction\s+BT[^\n]*"#, "DIRECTION_BT", nil),
        (#".*direction\s+RL[^\n]*"#, "DIRECTION_RL", nil),
        (#".*direction\s+LR[^\n]*"#, "DIRECTION_LR", nil),
        (#"[ \t\r]+"#, nil, nil),
        (#"[\n]+"#, "NEWLINE", nil),
        (#""[^"%\r\n\u000B\u0008\\]+""#, "ENTITY_NAME", nil),
        (#""[^"]*""#, "WORD", nil),
        ("erDiagram", "ER_DIAGRAM", nil),
        (#"\{"#, "BLOCK_START", .begin(.block)),
        ("#", "BRKT", nil),
        (",", "COMMA", nil),
        (":::", "STYLE_SEPARATOR", nil),
        (":", "COLON", nil),
        (#"\["#, "SQS", nil),
        (#"\]"#, "SQE", nil),
        ("style", "STYLE", nil),
        ("classDef", "CLASSDEF", nil),
        ("class", "CLASS", nil),
        ("subgraph", "SUBGRAPH", nil),
        (#"end\b\s*"#, "END", nil),
        ("one or zero", "ZERO_OR_ONE", nil),
        ("one or more", "ONE_OR_MORE", nil),
        ("one or many", "ONE_OR_MORE", nil),
        (#"1\+"#, "ONE_OR_MORE", nil),
        (#"\|o"#, "ZERO_OR_ONE", nil),
        ("zero or one", "ZERO_OR_ONE", nil),
        ("zero or more", "ZERO_OR_MORE", nil),
        ("zero or many", "ZERO_OR_MORE", nil),
        (#"0\+"#, "ZERO_OR_MORE", nil),
        (#"\}o"#, "ZERO_OR_MORE", nil),
        (#"many\(0\)"#, "ZERO_OR_MORE", nil),
        (#"many\(1\)"#, "ONE_OR_MORE", nil),
        ("many", "ZERO_OR_MORE", nil),
        (#"\}\|"#, "ONE_OR_MORE", nil),
        ("one", "ONLY_ONE", nil),
        ("only one", "ONLY_ONE", nil),
        (#"[0-9]+\.[0-9]+"#, "DECIMAL_NUM", nil),
        (#"1(?=\s+[A-Za-z_"'])"#, "ONLY_ONE", nil),
        (#"1(?=\s+[0-9])"#, "ONLY_ONE", nil),
        (#"1(?=(\-\-|\.\.|\.\-|\-\.))"#, "ONLY_ONE", nil),
        ("1", "ENTITY_ONE", nil),
        ("[0-9]+", "NUM", nil),
        (#"\|\|"#, "ONLY_ONE", nil),
        (#"o\|"#, "ZERO_OR_ONE", nil),
        (#"o\{"#, "ZERO_OR_MORE", nil),
        (#"\|\{"#, "ONE_OR_MORE", nil),
        (#"u(?=[\.\-\|])"#, "MD_PARENT", nil),
        (#"\.\."#, "NON_IDENTIFYING", nil),
        (#"\-\-"#, "IDENTIFYING", nil),
        ("to", "IDENTIFYING", nil),
        ("optionally to", "NON_IDENTIFYING", nil),
        (#"\.\-"#, "NON_IDENTIFYING", nil),
        (#"\-\."#, "NON_IDENTIFYING", nil),
        (#"([^\x00-\x7F]|\w|\-|\*|\.)+"#, "UNICODE_TEXT", nil),
        (".", "CHAR", nil),
    ]

    private static let blockRules: [Rule] = [
        (#"\s+"#, nil, nil),
        (#"\b((?:PK)|(?:FK)|(?:UK))\b"#, "ATTRIBUTE_KEY", nil),
        (#"([^\s]*)[~].*[~]([^\s]*)"#, "ATTRIBUTE_WORD", nil),
        (#"([\*A-Za-z_\u00C0-\uFFFF][A-Za-z0-9\-\_\[\]\(\)\.,\u00C0-\uFFFF\*]*)"#, "ATTRIBUTE_WORD", nil),
        ("`", nil, .begin(.backquoted)),
        (#""[^"]*""#, "COMMENT", nil),
        (#"[\n]+"#, nil, nil),
        (#"\}"#, "BLOCK_STOP", .pop),
        (".", "CHAR", nil),
    ]

    private static let backquotedRules: [Rule] = [
        ("[^`]+", "ATTRIBUTE_WORD", nil),
        ("`", nil, .pop),
    ]

    private static let compiled: [State: [(NSRegularExpression, String?, StateChange?)]] = {
        func compile(_ rules: [Rule]) -> [(NSRegularExpression, String?, StateChange?)] {
            rules.compactMap { rule in
                (try? NSRegularExpression(pattern: rule.pattern, options: [.caseInsensitive]))
                    .map { ($0, rule.kind, rule.change) }
            }
        }
        return [.initial: compile(initialRules), .block: compile(blockRules), .backquoted: compile(backquotedRules)]
    }()

    /// The tokens of `text`, or `nil` if some position matches no rule.
    static func tokens(_ text: String) -> [Token]? {
        let source = text as NSString
        var position = 0
        var states: [State] = [.initial]
        var tokens: [Token] = []
        while position < source.length {
            let state = states.last ?? .initial
            var matched = false
            for (regex, kind, change) in compiled[state] ?? [] {
                let range = NSRange(location: position, length: source.length - position)
                guard let match = regex.firstMatch(in: text, options: [.anchored], range: range),
                      match.range.length > 0 else { continue }
                if let kind { tokens.append(Token(kind: kind, text: source.substring(with: match.range))) }
                switch change {
                case .begin(let next)?: states.append(next)
                case .pop?: if states.count > 1 { states.removeLast() }
                case nil: break
                }
                position += match.range.length
                matched = true
                break
            }
            if !matched { return nil }
        }
        return tokens
    }
}
