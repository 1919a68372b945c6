/// Renders the Swift representation as source text.
///
/// `renderX` functions write into a `CodeWriter`; `renderedX` functions return the text, for tests and for
/// callers that need a single declaration.
package enum SwiftRenderer {
    /// Signatures longer than this many columns get one parameter per line.
    package static let maximumLineLength = 120

    /// Returns the source text of `file`.
    package static func renderedFile(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        renderFile(file, into: &writer)
        return writer.text
    }

    /// Returns the source text of one declaration.
    package static func renderedDeclaration(_ declaration: SwiftDeclaration) -> String {
        var writer = CodeWriter()
        renderDeclaration(declaration, into: &writer)
        return writer.text
    }

    /// Writes the header, the imports and the declarations of `file`, separated by blank lines.
    package static func renderFile(_ file: SwiftFile, into writer: inout CodeWriter) {
        for line in file.header {
            writer.line(line.isEmpty ? "//" : "// " + line)
        }
        writer.blankLine()
        renderImports(file.imports, into: &writer)
        writer.blankLine()
        renderMembers(file.declarations, into: &writer)
    }

    /// Writes imports, grouping consecutive imports under the same condition into one `#if` block.
    package static func renderImports(_ imports: [SwiftImport], into writer: inout CodeWriter) {
        var index = 0
        while index < imports.count {
            let condition = imports[index].condition
            var group: [SwiftImport] = []
            while index < imports.count, imports[index].condition == condition {
                group.append(imports[index])
                index += 1
            }
            if let condition { writer.line("#if \(condition)") }
            for item in group {
                writer.line((item.isPublic ? "public import " : "import ") + item.module)
            }
            if condition != nil { writer.line("#endif") }
        }
    }

    /// Writes `declarations` one after another with blank lines between them, except between adjacent enum
    /// cases and between adjacent stored properties, which stay together.
    package static func renderMembers(_ declarations: [SwiftDeclaration], into writer: inout CodeWriter) {
        var previous: SwiftDeclaration?
        for declaration in declarations {
            if let previous, !staysAdjacent(previous, declaration) { writer.blankLine() }
            renderDeclaration(declaration, into: &writer)
            previous = declaration
        }
    }

    /// Writes one declaration.
    package static func renderDeclaration(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .struct(let type):
            renderType(keyword: "struct", type, into: &writer)
        case .enum(let type):
            renderType(keyword: "enum", type, into: &writer)
        case .extension(let extensionDeclaration):
            renderExtension(extensionDeclaration, into: &writer)
        case .protocol(let protocolDeclaration):
            let head = prefix(protocolDeclaration.access) + "protocol " + protocolDeclaration.name
                + inheritance(protocolDeclaration.conformances)
            if protocolDeclaration.requirements.isEmpty {
                writer.line(head + " {}")
            } else {
                writer.line(head + " {")
                writer.withIndentation { $0.lines(protocolDeclaration.requirements) }
                writer.line("}")
            }
        case .property(let property):
            renderProperty(property, into: &writer)
        case .function(let function):
            renderFunction(function, into: &writer)
        case .enumCase(let enumCase):
            writer.line(renderedEnumCase(enumCase))
        case .typeAlias(let alias):
            writer.line(prefix(alias.access) + "typealias \(alias.name) = \(alias.existingType)")
        case .conditional(let condition, let declarations):
            writer.line("#if \(condition)")
            renderMembers(declarations, into: &writer)
            writer.line("#endif")
        case .commented(let comment, let inner):
            renderComment(comment, into: &writer)
            renderDeclaration(inner, into: &writer)
        case .attributed(let attributes, let inner):
            writer.lines(attributes)
            renderDeclaration(inner, into: &writer)
        }
    }

    /// Writes a comment.
    package static func renderComment(_ comment: SwiftComment, into writer: inout CodeWriter) {
        switch comment {
        case .doc(let lines):
            for line in lines { writer.line(line.isEmpty ? "///" : "/// " + line) }
        case .line(let lines):
            for line in lines { writer.line(line.isEmpty ? "//" : "// " + line) }
        case .mark(let title):
            writer.line("// MARK: - " + title)
        }
    }

    // MARK: - Declarations

    private static func renderType(keyword: String, _ type: SwiftTypeDeclaration, into writer: inout CodeWriter) {
        let generics = type.genericParameters.isEmpty ? "" : "<" + type.genericParameters.joined(separator: ", ") + ">"
        let head = prefix(type.access) + keyword + " " + type.name + generics + inheritance(type.conformances)
        renderBlock(head: head, members: type.members, into: &writer)
    }

    private static func renderExtension(_ declaration: SwiftExtensionDeclaration, into writer: inout CodeWriter) {
        let head = prefix(declaration.access) + "extension " + declaration.extendedType
            + inheritance(declaration.conformances)
        renderBlock(head: head, members: declaration.members, into: &writer)
    }

    private static func renderBlock(head: String, members: [SwiftDeclaration], into writer: inout CodeWriter) {
        if members.isEmpty {
            writer.line(head + " {}")
            return
        }
        writer.line(head + " {")
        writer.withIndentation { renderMembers(members, into: &$0) }
        writer.line("}")
    }

    private static func renderProperty(_ property: SwiftPropertyDeclaration, into writer: inout CodeWriter) {
        var text = prefix(property.access) + (property.isStatic ? "static " : "")
        text += (property.isConstant && property.getter == nil ? "let " : "var ") + property.name
        if let type = property.type { text += ": " + type }
        if let getter = property.getter {
            // A short one-line getter stays on the property's line (`var title: Field<…> { .init("title") }`).
            if property.setter == nil, getter.count == 1,
               writer.indentationWidth + text.count + getter[0].count + 6 <= maximumLineLength {
                writer.line(text + " { " + getter[0] + " }")
                return
            }
            writer.line(text + " {")
            if let setter = property.setter {
                writer.withIndentation { inner in
                    accessor("get", getter, into: &inner)
                    accessor("set", setter, into: &inner)
                }
            } else {
                writer.withIndentation { $0.lines(getter) }
            }
            writer.line("}")
            return
        }
        if let initializer = property.initializer {
            // A multi-line initializer (an array literal) continues at the property's indentation.
            let lines = initializer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            text += " = " + lines[0]
            if lines.count > 1 {
                writer.line(text)
                writer.lines(Array(lines.dropFirst()))
                return
            }
        }
        guard let didSet = property.didSet else {
            writer.line(text)
            return
        }
        // A one-line observer stays on the property's line, so that a model's properties read as a list.
        if didSet.count == 1, writer.indentationWidth + text.count + didSet[0].count + 16 <= maximumLineLength {
            writer.line(text + " { didSet { " + didSet[0] + " } }")
            return
        }
        writer.line(text + " {")
        writer.withIndentation { accessor("didSet", didSet, into: &$0) }
        writer.line("}")
    }

    /// `name { body }` on one line when the body is one line, otherwise as a block.
    private static func accessor(_ name: String, _ body: [String], into writer: inout CodeWriter) {
        if body.count == 1 {
            writer.line(name + " { " + body[0] + " }")
            return
        }
        writer.line(name + " {")
        writer.withIndentation { $0.lines(body) }
        writer.line("}")
    }

    private static func renderFunction(_ function: SwiftFunctionDeclaration, into writer: inout CodeWriter) {
        var head = prefix(function.access) + (function.isStatic ? "static " : "")
            + (function.isMutating ? "mutating " : "")
        switch function.kind {
        case .function(let name): head += "func " + name
        case .initializer(let isFailable): head += isFailable ? "init?" : "init"
        }
        if !function.genericParameters.isEmpty {
            head += "<" + function.genericParameters.joined(separator: ", ") + ">"
        }
        var tail = (function.isAsync ? " async" : "") + (function.isThrowing ? " throws" : "")
        if let returnType = function.returnType { tail += " -> " + returnType }
        if let whereClause = function.whereClause { tail += " where " + whereClause }
        let parameters = function.parameters.map(renderedParameter)
        if function.body.isEmpty, writer.indentationWidth + head.count + tail.count + 5 <= maximumLineLength,
           parameters.isEmpty || writer.indentationWidth + (head + parameters.joined(separator: ", ") + tail).count + 5 <= maximumLineLength {
            writer.line(head + "(" + parameters.joined(separator: ", ") + ")" + tail + " {}")
            return
        }
        let singleLine = head + "(" + parameters.joined(separator: ", ") + ")" + tail + " {"
        if parameters.isEmpty || writer.indentationWidth + singleLine.count <= maximumLineLength {
            writer.line(singleLine)
        } else {
            // One parameter per line keeps long signatures (models with many fields) readable and diffable.
            writer.line(head + "(")
            writer.withIndentation { inner in
                for (index, parameter) in parameters.enumerated() {
                    inner.line(parameter + (index == parameters.count - 1 ? "" : ","))
                }
            }
            writer.line(")" + tail + " {")
        }
        writer.withIndentation { $0.lines(function.body) }
        writer.line("}")
    }

    /// Returns one parameter as written in a parameter list: `label name: Type = default`.
    package static func renderedParameter(_ parameter: SwiftParameter) -> String {
        var text = parameter.label.map { $0 + " " } ?? ""
        text += parameter.name + ": " + parameter.type
        if let defaultValue = parameter.defaultValue { text += " = " + defaultValue }
        return text
    }

    /// Returns one enum case as written: `case name = "raw"` or `case name(String)`.
    package static func renderedEnumCase(_ enumCase: SwiftEnumCaseDeclaration) -> String {
        var text = "case " + enumCase.name
        if !enumCase.associatedValues.isEmpty {
            text += "(" + enumCase.associatedValues.joined(separator: ", ") + ")"
        }
        if let rawValue = enumCase.rawValue { text += " = " + rawValue }
        return text
    }

    // MARK: - Helpers

    private static func prefix(_ access: SwiftAccess?) -> String {
        access.map { $0.rawValue + " " } ?? ""
    }

    private static func inheritance(_ conformances: [String]) -> String {
        conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    }

    private static func staysAdjacent(_ previous: SwiftDeclaration, _ next: SwiftDeclaration) -> Bool {
        switch (previous.undecorated, next.undecorated) {
        case (.enumCase, .enumCase):
            return true
        case (.enum(let first), .enum(let second)), (.struct(let first), .struct(let second)):
            // Empty marker types read as a list.
            return first.members.isEmpty && second.members.isEmpty
        case (.property(let first), .property(let second)):
            return first.getter == nil && second.getter == nil && first.isStatic == second.isStatic
                && (first.didSet?.count ?? 1) == 1 && (second.didSet?.count ?? 1) == 1
        default:
            return false
        }
    }
}
