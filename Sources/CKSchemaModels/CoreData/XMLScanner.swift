package import CKSchemaCore

/// One element of an XML document: its name, attributes (values with entities decoded), the text directly
/// inside it, where its `<` is, and its parent (an index into `XMLDocument.elements`).
package struct XMLElement: Hashable, Sendable {
    package var name: String
    package var attributes: [String: String]
    package var text: String
    package var location: SourceLocation
    package var parent: Int?

    package subscript(attribute: String) -> String? { attributes[attribute] }

    /// `YES`/`NO` as Xcode writes booleans; `nil` when the attribute is absent.
    package func flag(_ attribute: String) -> Bool? {
        attributes[attribute].map { $0 == "YES" || $0 == "true" || $0 == "1" }
    }
}

/// The elements of a document in document order, each with its parent, and the first error found.
package struct XMLDocument: Sendable {
    package var elements: [XMLElement]
    /// A located description of why the text is not well-formed XML; the elements before it are kept.
    package var error: (message: String, location: SourceLocation)?

    /// The indexes of the children of `parent` (or of the top level for `nil`) named `name`.
    package func children(of parent: Int?, named name: String? = nil) -> [Int] {
        elements.indices.filter { elements[$0].parent == parent && (name == nil || elements[$0].name == name) }
    }
}

/// A small XML reader for the files Xcode writes (`.xcdatamodel/contents`, `.xccurrentversion` plists):
/// elements, attributes, text, comments, processing instructions, CDATA and a DOCTYPE without an internal
/// subset. It is iterative (no recursion over nesting) and reports the first well-formedness error with its
/// line and column (columns count Unicode scalars), so that a broken file is a located diagnostic.
package enum XMLScanner {
    /// The deepest nesting accepted; Core Data models nest five levels.
    package static let depthLimit = 256

    package static func scan(_ text: String, path: String) -> XMLDocument {
        var scanner = Cursor(scalars: Array(text.unicodeScalars), path: path)
        var document = XMLDocument(elements: [], error: nil)
        var open: [Int] = []
        func fail(_ message: String, at location: SourceLocation) {
            if document.error == nil { document.error = (message, location) }
        }
        while !scanner.atEnd, document.error == nil {
            let start = scanner.location
            guard scanner.peek == "<" else {
                let text = scanner.take { $0 != "<" }
                if let current = open.last {
                    document.elements[current].text += decode(text, at: start, fail: fail)
                } else if !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
                    fail("text outside the root element", at: start)
                }
                continue
            }
            if scanner.consume("<?") {
                guard scanner.skip(past: "?>") else { fail("unterminated processing instruction", at: start); break }
            } else if scanner.consume("<!--") {
                guard scanner.skip(past: "-->") else { fail("unterminated comment", at: start); break }
            } else if scanner.consume("<![CDATA[") {
                let before = scanner.index
                guard scanner.skip(past: "]]>") else { fail("unterminated CDATA section", at: start); break }
                if let current = open.last {
                    document.elements[current].text += String(String.UnicodeScalarView(scanner.scalars[before..<(scanner.index - 3)]))
                }
            } else if scanner.consume("<!") {
                guard scanner.skip(past: ">") else { fail("unterminated declaration", at: start); break }
            } else if scanner.consume("</") {
                let name = scanner.take(while: isNameScalar)
                scanner.skipSpace()
                guard scanner.consume(">") else { fail("expected '>' to close '</\(name)'", at: scanner.location); break }
                guard let current = open.last else { fail("'</\(name)>' closes no element", at: start); break }
                guard document.elements[current].name == name else {
                    fail("'</\(name)>' does not close '<\(document.elements[current].name)>' opened at line "
                         + "\(document.elements[current].location.line)", at: start)
                    break
                }
                open.removeLast()
            } else {
                scanner.index += 1
                let name = scanner.take(while: isNameScalar)
                guard !name.isEmpty else { fail("expected an element name after '<'", at: scanner.location); break }
                if open.isEmpty, !document.elements.isEmpty {
                    fail("a second root element '<\(name)>'", at: start)
                    break
                }
                var element = XMLElement(name: name, attributes: [:], text: "", location: start, parent: open.last)
                var selfClosing = false
                while document.error == nil {
                    scanner.skipSpace()
                    if scanner.consume("/>") { selfClosing = true; break }
                    if scanner.consume(">") { break }
                    let attributeStart = scanner.location
                    let attribute = scanner.take(while: isNameScalar)
                    guard !attribute.isEmpty else {
                        fail(scanner.atEnd ? "unterminated tag '<\(name)'" : "unexpected '\(scanner.peekText)' in tag '<\(name)'",
                             at: scanner.atEnd ? start : attributeStart)
                        break
                    }
                    scanner.skipSpace()
                    guard scanner.consume("=") else { fail("expected '=' after attribute '\(attribute)'", at: scanner.location); break }
                    scanner.skipSpace()
                    guard let quote = scanner.peek, quote == "\"" || quote == "'" else {
                        fail("expected a quoted value for attribute '\(attribute)'", at: scanner.location)
                        break
                    }
                    scanner.index += 1
                    let valueStart = scanner.location
                    let raw = scanner.take { $0 != quote && $0 != "<" }
                    guard scanner.consume(String(quote)) else {
                        fail("unterminated value of attribute '\(attribute)'", at: valueStart)
                        break
                    }
                    if element.attributes[attribute] != nil {
                        fail("attribute '\(attribute)' repeated", at: attributeStart)
                        break
                    }
                    element.attributes[attribute] = decode(raw, at: valueStart, fail: fail)
                }
                guard document.error == nil else { break }
                document.elements.append(element)
                if !selfClosing {
                    guard open.count < depthLimit else { fail("elements nested deeper than \(depthLimit)", at: start); break }
                    open.append(document.elements.count - 1)
                }
            }
        }
        if document.error == nil {
            if let current = open.last {
                fail("'<\(document.elements[current].name)>' is never closed", at: document.elements[current].location)
            } else if document.elements.isEmpty {
                fail("no XML element", at: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        return document
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
            || scalar == "." || scalar == ":"
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xN;` decoded; an unknown entity is an error.
    private static func decode(_ text: String, at location: SourceLocation,
                               fail: (String, SourceLocation) -> Void) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else {
                fail("'&' that starts no entity", location)
                return result
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let code: UInt32? = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                guard let code, let scalar = Unicode.Scalar(code) else {
                    fail("unknown entity '&\(entity);'", location)
                    return result
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// A position in the text with its line and column.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        let path: String
        var index = 0 {
            didSet { advanceLines(from: oldValue) }
        }
        private var line = 1
        private var lineStart = 0

        init(scalars: [Unicode.Scalar], path: String) {
            self.scalars = scalars
            self.path = path
        }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }
        var peekText: String { peek.map { String($0) } ?? "" }
        var location: SourceLocation { SourceLocation(file: path, line: line, column: index - lineStart + 1) }

        private mutating func advanceLines(from old: Int) {
            guard index > old else { return }
            for position in old..<min(index, scalars.count) where scalars[position] == "\n" {
                line += 1
                lineStart = position + 1
            }
        }

        mutating func consume(_ literal: String) -> Bool {
            var position = index
            for scalar in literal.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            index = position
            return true
        }

        /// Moves past the next `terminator`; false (at the end) when there is none.
        mutating func skip(past terminator: String) -> Bool {
            let pattern = Array(terminator.unicodeScalars)
            var position = index
            while position + pattern.count <= scalars.count {
                if scalars[position] == pattern[0], Array(scalars[position..<(position + pattern.count)]) == pattern {
                    index = position + pattern.count
                    return true
                }
                position += 1
            }
            index = scalars.count
            return false
        }

        mutating func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
            let start = index
            var position = index
            while position < scalars.count, predicate(scalars[position]) { position += 1 }
            index = position
            return String(String.UnicodeScalarView(scalars[start..<position]))
        }

        mutating func skipSpace() {
            _ = take { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        }
    }
}
