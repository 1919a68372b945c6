import CKSchemaCore

/// Reading `default:` values into `LiteralValue`s.
extension YAMLSchemaReader {
    /// A literal: a plain `true`/`false` is a Boolean, a plain YAML 1.2 integer an integer, any other plain
    /// YAML 1.2 number a double, a list a list (walked with an explicit stack), any other scalar text.
    /// Null and mappings are reported.
    func literal(_ root: Int, for what: @autoclosure () -> String) -> LiteralValue? {
        var lists: [(end: Int, items: [LiteralValue])] = []
        var cursor = root
        var failed = false
        while true {
            var completed: LiteralValue?
            if let innermost = lists.last, cursor >= innermost.end {
                lists.removeLast()
                completed = .list(innermost.items)
            } else {
                let node = nodes[cursor]
                switch node.kind {
                case .sequence:
                    lists.append((Int(node.end), []))
                    cursor += 1
                    continue
                case .scalar:
                    completed = scalarLiteral(cursor, for: what)
                    if completed == nil { failed = true }
                case .mapping, .invalid:
                    reportInvalid(cursor, expected: "a value or a list of values", for: what())
                    failed = true
                }
                cursor = Int(node.end)
            }
            guard !lists.isEmpty else { return failed ? nil : completed }
            if let completed { lists[lists.count - 1].items.append(completed) }
        }
    }

    private func scalarLiteral(_ index: Int, for what: () -> String) -> LiteralValue? {
        let node = nodes[index]
        guard node.style == .plain else { return .string(texts[index]) }
        if node.isNull {
            reportInvalid(index, expected: "a value", for: what(), hint: "; leave the key out for no default")
            return nil
        }
        switch texts[index] {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        switch YAMLNumber.parse(texts[index]) {
        case .integer(let value): return .integer(value)
        case .double(let value): return .double(value)
        case .integerOutOfRange:
            report(.schemaInvalidValue, "\(what()) '\(texts[index])' does not fit in a 64-bit integer", at: index)
            return nil
        case nil: return .string(texts[index])
        }
    }
}

/// The numbers of the YAML 1.2 core schema, matched by hand (no regular expressions on the hot path).
enum YAMLNumber: Equatable {
    case integer(Int64)
    case double(Double)
    /// Integer syntax whose value does not fit in 64 bits.
    case integerOutOfRange

    /// Reads `text` as a YAML 1.2 core integer (`-12`, `0x1F`, `0o17`) or float (`1.5`, `-2e3`, `.inf`,
    /// `.nan`); `nil` when it is neither.
    static func parse(_ text: String) -> YAMLNumber? {
        let scalars = Array(text.utf8)
        guard !scalars.isEmpty else { return nil }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if scalars.count > 2, scalars[0] == UInt8(ascii: "0") {
            let radix: Int? = switch scalars[1] {
            case UInt8(ascii: "x"): 16
            case UInt8(ascii: "o"): 8
            default: nil
            }
            if let radix {
                guard scalars.dropFirst(2).allSatisfy({ isDigit($0, radix: radix) }) else { return nil }
                guard let value = UInt64(text.dropFirst(2), radix: radix), value <= UInt64(Int64.max) else {
                    return .integerOutOfRange
                }
                return .integer(Int64(value))
            }
        }
        var position = 0
        if isSign(scalars[0]) { position = 1 }
        let integerDigits = countDigits(scalars, from: position)
        position += integerDigits
        if position == scalars.count {
            guard integerDigits > 0 else { return nil }
            return Int64(text).map { .integer($0) } ?? .integerOutOfRange
        }
        var fractionDigits = 0
        if scalars[position] == UInt8(ascii: ".") {
            fractionDigits = countDigits(scalars, from: position + 1)
            position += 1 + fractionDigits
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        if position < scalars.count, scalars[position] == UInt8(ascii: "e") || scalars[position] == UInt8(ascii: "E") {
            position += 1
            if position < scalars.count, isSign(scalars[position]) { position += 1 }
            let exponentDigits = countDigits(scalars, from: position)
            guard exponentDigits > 0 else { return nil }
            position += exponentDigits
        }
        guard position == scalars.count, let value = Double(text) else { return nil }
        return .double(value)
    }

    private static func isSign(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    private static func countDigits(_ scalars: [UInt8], from start: Int) -> Int {
        var end = start
        while end < scalars.count, isDigit(scalars[end], radix: 10) { end += 1 }
        return end - start
    }

    private static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"): true
        case UInt8(ascii: "8"), UInt8(ascii: "9"): radix >= 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): radix == 16
        default: false
        }
    }
}
