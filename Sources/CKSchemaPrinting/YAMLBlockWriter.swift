/// Writes YAML block structure line by line: keys (quoted when needed), flow collections when they fit the
/// line width, block form otherwise.
struct YAMLBlockWriter {
    /// Lines longer than this make collections switch from flow to block form.
    static let lineWidth = 100
    /// libyaml refuses an implicit key longer than 1,024 characters; longer keys use the `? key` form.
    private static let implicitKeyLimit = 1000

    private(set) var output = ""

    /// A value written after `key:` on the same line, or as a literal block below it.
    enum Value {
        /// Already rendered: a scalar, `[a, b]` or `{ a: b }`.
        case inline(String)
        /// Text written as `|-` and its lines, indented below the key.
        case literal(String)

        /// A string, as a literal block when it has several lines that survive one, quoted when needed otherwise.
        static func text(_ text: String) -> Value {
            YAMLScalarQuoting.fitsLiteralBlock(text) ? .literal(text) : .inline(YAMLScalarQuoting.render(text))
        }
    }

    /// Writes one line at `indent` spaces.
    mutating func line(_ indent: Int, _ text: String) {
        output.append(String(repeating: " ", count: indent))
        output.append(text)
        output.append("\n")
    }

    /// Writes `key:` alone, for a block value on the following lines.
    mutating func key(_ indent: Int, _ name: String) {
        let key = YAMLScalarQuoting.render(name)
        if Self.isImplicitKey(key) {
            line(indent, key + ":")
        } else {
            line(indent, "? " + key)
            line(indent, ":")
        }
    }

    /// Writes `key: value`.
    mutating func entry(_ indent: Int, _ name: String, _ value: Value) {
        let key = YAMLScalarQuoting.render(name)
        let head: String
        if Self.isImplicitKey(key) {
            head = key + ":"
        } else {
            line(indent, "? " + key)
            head = ":"
        }
        switch value {
        case .inline(let text):
            line(indent, head + " " + text)
        case .literal(let text):
            line(indent, head + " |-")
            for textLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if textLine.isEmpty { output.append("\n") } else { line(indent + 2, String(textLine)) }
            }
        }
    }

    /// Writes `key: [a, b]`, or a block sequence when that would not fit.
    mutating func list(_ indent: Int, _ name: String, _ items: [String]) {
        let flow = Self.flowList(items)
        if fits(indent, name, flow) {
            entry(indent, name, .inline(flow))
        } else {
            key(indent, name)
            for item in items { line(indent + 2, "- " + item) }
        }
    }

    /// Writes `key: { a: b }`, or a block mapping when that would not fit or a value needs block form.
    mutating func mapping(_ indent: Int, _ name: String, _ pairs: [(key: String, value: Value)]) {
        if let flow = Self.flowMapping(pairs), fits(indent, name, flow) {
            entry(indent, name, .inline(flow))
        } else {
            key(indent, name)
            for pair in pairs { entry(indent + 2, pair.key, pair.value) }
        }
    }

    /// Whether `key: value` fits on one line at `indent`.
    func fits(_ indent: Int, _ name: String, _ value: String) -> Bool {
        let key = YAMLScalarQuoting.render(name)
        return Self.isImplicitKey(key)
            && indent + key.unicodeScalars.count + 2 + value.unicodeScalars.count <= Self.lineWidth
    }

    /// `[a, b]` from rendered items.
    static func flowList(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    /// `{ a: b, c: d }`, or `nil` when a value needs block form or a key is too long for a flow mapping.
    static func flowMapping(_ pairs: [(key: String, value: Value)]) -> String? {
        var parts: [String] = []
        for pair in pairs {
            let key = YAMLScalarQuoting.render(pair.key)
            guard isImplicitKey(key), case .inline(let value) = pair.value else { return nil }
            parts.append(key + ": " + value)
        }
        return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }

    /// Whether a rendered key is short enough to be written as `key:`.
    static func isImplicitKey(_ renderedKey: String) -> Bool {
        renderedKey.utf8.count <= implicitKeyLimit || renderedKey.unicodeScalars.count <= implicitKeyLimit
    }
}
