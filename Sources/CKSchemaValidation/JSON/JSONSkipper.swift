/// Skipping a value the validator does not interpret, while still checking that it is valid JSON.
///
/// Iterative: open containers are kept on an explicit stack whose size the depth limit bounds, so input
/// nesting never grows the call stack.
extension JSONScanner {
    /// Skips the value under the cursor (and its contents), checking its syntax.
    ///
    /// - Parameters:
    ///   - depth: how deeply the value is already nested inside the record.
    ///   - limit: the deepest nesting allowed.
    ///   - stack: scratch space for at least `limit` open-container flags.
    mutating func skipValue(depth: Int, limit: Int, stack: UnsafeMutablePointer<Bool>) throws(SyntaxError) {
        var open = 0
        skipWhitespace()
        while true {
            // At the first byte of a value.
            guard position < end else { throw SyntaxError(.unexpectedEnd(.value), at: position) }
            var completed = true
            switch base[position] {
            case Byte.openBrace:
                guard depth + open < limit else { throw SyntaxError(.tooDeep(limit: limit), at: position) }
                position += 1
                if try objectHasMembers() {
                    stack[open] = true
                    open += 1
                    _ = try scanKey()
                    completed = false
                }
            case Byte.openBracket:
                guard depth + open < limit else { throw SyntaxError(.tooDeep(limit: limit), at: position) }
                position += 1
                if arrayHasElements() {
                    stack[open] = false
                    open += 1
                    completed = false
                }
            case Byte.quote:
                _ = try scanString()
            case Byte.minus, Byte.zero...UInt8(ascii: "9"):
                _ = try scanNumber()
            default:
                _ = try scanLiteral()
            }
            if !completed { continue }
            // After a complete value: close containers until one has another member or element.
            while true {
                if open == 0 { return }
                if stack[open - 1] {
                    if try nextMember() {
                        _ = try scanKey()
                        break
                    }
                } else if try nextElement() {
                    skipWhitespace()
                    break
                }
                open -= 1
            }
        }
    }
}
