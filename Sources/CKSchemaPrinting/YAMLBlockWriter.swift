/// Writes YAML block structure line by line: keys (quoted when needed), flow collections when they fit the
/// line width, block form otherwise.
struct YAMLBlockWriter {
    /// Lines longer than this make collections switch from flow to block form.
    static let lineWidth = 100
    /// libyaml refuses an implicit key longer than 1,024 characters; longer keys use the `? key` form.
    private static let implicitKeyLimit = 1000

    private(set) var output = ""

    /// A value written after `key:`.
    enum Value {
        /// Already rendered for any context: a keyword, `[a, b]`, `{ a: b }`.
        case inline(String)
        /// A string, quoted as its context needs; in block context a `|-` literal block when it has several
        /// lines that survive one.
        case text(String)

        /// Whether the value reads better below its key: text of several lines, which becomes a literal block.
        var prefersBlock: Bool {
            if case .text(let text) = self { return YAMLScalarQuoting.fitsLiteralBlock(text) }
            return false
        }

        /// The value on one line in `context`, or `nil` when it needs block form.
        func rendered(in context: YAMLScalarQuoting.Context) -> String? {
            switch self {
            case .inline(let text): text
            case .text(let text) where context == .block && YAMLScalarQuoting.fitsLiteralBlock(text): nil
            case .text(let text): YAMLScalarQuoting.render(text, in: context)
            }
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
        let key = YAMLScalarQuoting.render(name, in: .block)
        if Self.isImplicitKey(key) {
            line(indent, key + ":")
        } else {
            line(indent, "? " + key)
            line(indent, ":")
        }
    }

    /// Writes `key: value` in block context.
    mutating func entry(_ indent: Int, _ name: String, _ value: Value) {
        let key = YAMLScalarQuoting.render(name, in: .block)
        let head: String
        if Self.isImplicitKey(key) {
            head = key + ":"
        } else {
            line(indent, "? " + key)
            head = ":"
        }
        if let text = value.rendered(in: .block) {
            line(indent, head + " " + text)
        } else if case .text(let text) = value {
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

    /// Writes `key: { a: b }`, or a block mapping when that would not fit or a value prefers block form.
    mutating func mapping(_ indent: Int, _ name: String, _ pairs: [(key: String, value: Value)]) {
        if !pairs.contains(where: { $0.value.prefersBlock }), let flow = Self.flowMapping(pairs),
           fits(indent, name, flow) {
            entry(indent, name, .inline(flow))
        } else {
            key(indent, name)
            for pair in pairs { entry(indent + 2, pair.key, pair.value) }
        }
    }

    /// Whether `key: value` fits on one line at `indent`.
    func fits(_ indent: Int, _ name: String, _ value: String) -> Bool {
        let key = YAMLScalarQuoting.render(name, in: .block)
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
            let key = YAMLScalarQuoting.render(pair.key, in: .flow)
            guard isImplicitKey(key), let value = pair.value.rendered(in: .flow) else { return nil }
            parts.append(key + ": " + value)
        }
        return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }

    /// Whether a rendered key is short enough to be written as `key:`.
    static func isImplicitKey(_ renderedKey: String) -> Bool {
        renderedKey.utf8.count <= implicitKeyLimit || renderedKey.unicodeScalars.count <= implicitKeyLimit
    }
}
