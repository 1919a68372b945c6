internal import CKSchemaApp
internal import CKSchemaCore

/// Reads the old-style ASCII property list (`{ key = value; }`, `( a, b )`, quoted and bare strings, `<hex>`
/// data, `/* */` and `//` comments) that Xcode writes `project.pbxproj` in. Every value and key is located;
/// a truncated or damaged file stops at its first error, located.
enum ASCIIPropertyListReader {
    static let depthLimit = 128

    static func read(_ text: String, path: String) -> Result<PropertyListNode, PropertyListError> {
        var parser = Parser(bytes: Array(text.utf8), path: path)
        do throws(PropertyListError) {
            parser.skipSpace()
            let root = try parser.value(depth: 0)
            parser.skipSpace()
            if !parser.atEnd { throw parser.error("unexpected text after the property list") }
            return .success(root)
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        let path: String
        var index = 0
        var line = 1
        var lineStart = 0

        var atEnd: Bool { index >= bytes.count }

        var location: SourceLocation {
            let column = bytes[lineStart..<min(index, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return SourceLocation(file: path, line: line, column: column)
        }

        func error(_ message: String) -> PropertyListError {
            PropertyListError("not a valid property list: \(message)", at: location)
        }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        mutating func skipSpace() {
            while !atEnd {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    advance()
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    advance(); advance()
                    while !atEnd, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                        advance()
                    }
                    if !atEnd { advance(); advance() }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while !atEnd, bytes[index] != 0x0A { advance() }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(PropertyListError) {
            skipSpace()
            guard !atEnd else { throw error("the file ends where \(what) was expected (is it truncated?)") }
            guard bytes[index] == byte else { throw error("expected \(what)") }
            advance()
        }

        mutating func value(depth: Int) throws(PropertyListError) -> PropertyListNode {
            skipSpace()
            guard !atEnd else { throw error("the file ends where a value was expected (is it truncated?)") }
            guard depth < depthLimit else { throw error("nested deeper than \(depthLimit)") }
            let start = location
            switch bytes[index] {
            case UInt8(ascii: "{"):
                advance()
                var entries: [PropertyListEntry] = []
                while true {
                    skipSpace()
                    guard !atEnd else { throw error("the file ends inside a dictionary opened at line \(start.line) (is it truncated?)") }
                    if bytes[index] == UInt8(ascii: "}") { advance(); break }
                    let keyLocation = location
                    guard let key = try string() else { throw error("expected a key or '}'") }
                    try expect(UInt8(ascii: "="), "'=' after the key '\(key)'")
                    let item = try value(depth: depth + 1)
                    try expect(UInt8(ascii: ";"), "';' after the value of '\(key)'")
                    entries.append(PropertyListEntry(key: key, keyLocation: keyLocation, value: item))
                }
                return PropertyListNode(.dictionary(entries), at: start)
            case UInt8(ascii: "("):
                advance()
                var items: [PropertyListNode] = []
                while true {
                    skipSpace()
                    guard !atEnd else { throw error("the file ends inside a list opened at line \(start.line) (is it truncated?)") }
                    if bytes[index] == UInt8(ascii: ")") { advance(); break }
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard !atEnd else { throw error("the file ends inside a list opened at line \(start.line) (is it truncated?)") }
                    if bytes[index] == UInt8(ascii: ",") { advance() } else if bytes[index] != UInt8(ascii: ")") {
                        throw error("expected ',' or ')' in a list")
                    }
                }
                return PropertyListNode(.array(items), at: start)
            case UInt8(ascii: "<"):
                advance()
                while !atEnd, bytes[index] != UInt8(ascii: ">") { advance() }
                guard !atEnd else { throw error("the file ends inside '<data>' (is it truncated?)") }
                advance()
                return PropertyListNode(.data, at: start)
            default:
                guard let text = try string() else { throw error("expected a value") }
                return PropertyListNode(.string(text), at: start)
            }
        }

        /// A quoted or bare string; `nil` when none starts here.
        mutating func string() throws(PropertyListError) -> String? {
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                let start = location
                advance()
                var output: [UInt8] = []
                while true {
                    guard !atEnd else {
                        throw PropertyListError("not a valid property list: a string opened here is never closed (is the file truncated?)",
                                                at: start)
                    }
                    let byte = bytes[index]
                    advance()
                    if byte == quote { break }
                    guard byte == UInt8(ascii: "\\"), !atEnd else { output.append(byte); continue }
                    let escaped = bytes[index]
                    advance()
                    switch escaped {
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "U"):
                        var code: UInt32 = 0
                        for _ in 0..<4 where !atEnd {
                            guard let digit = Self.hex(bytes[index]) else { break }
                            code = code << 4 | digit
                            advance()
                        }
                        output += Array(String(Character(Unicode.Scalar(code) ?? "?")).utf8)
                    default: output.append(escaped)
                    }
                }
                return String(decoding: output, as: UTF8.self)
            }
            let start = index
            while !atEnd, Self.isBare(bytes[index]) { advance() }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "+"):
                true
            default:
                byte >= 0x80
            }
        }

        static func hex(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
