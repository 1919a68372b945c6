/// Renders the Swift representation as source text.
///
/// `renderX` functions write into a `CodeWriter`; `renderedX` functions return the text, for tests and for
/// callers that need a single declaration.
public enum SwiftRenderer {
    /// Signatures longer than this many columns get one parameter per line.
    public static let maximumLineLength = 120

    /// Returns the source text of `file`.
    public static func renderedFile(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        renderFile(file, into: &writer)
        return writer.text
    }

    /// Returns the source text of one declaration.
    public static func renderedDeclaration(_ declaration: SwiftDeclaration) -> String {
        var writer = CodeWriter()
        renderDeclaration(declaration, into: &writer)
        return writer.text
    }

    /// Writes the header, the imports and the declarations of `file`, separated by blank lines.
    public static func renderFile(_ file: SwiftFile, into writer: inout CodeWriter) {
        for line in file.header {
            writer.line(line.isEmpty ? "//" : "// " + line)
        }
        writer.blankLine()
        renderImports(file.imports, into: &writer)
        writer.blankLine()
        renderMembers(file.declarations, into: &writer)
    }

    /// Writes imports, grouping consecutive imports under the same condition into one `#if` block.
    public static func renderImports(_ imports: [SwiftImport], into writer: inout CodeWriter) {
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
    public static func renderMembers(_ declarations: [SwiftDeclaration], into writer: inout CodeWriter) {
        var previous: SwiftDeclaration?
        for declaration in declarations {
            if let previous, !staysAdjacent(previous, declaration) { writer.blankLine() }
            renderDeclaration(declaration, into: &writer)
            previous = declaration
        }
    }

    /// Writes one declaration.
    public static func renderDeclaration(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .struct(let type):
            renderType(keyword: "struct", type, into: &writer)
        case .enum(let type):
            renderType(keyword: "enum", type, into: &writer)
        case .extension(let extensionDeclaration):
            renderExtension(extensionDeclaration, into: &writer)
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
        }
    }

    /// Writes a comment.
    public static func renderComment(_ comment: SwiftComment, into writer: inout CodeWriter) {
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
            writer.line(text + " {")
            writer.withIndentation { $0.lines(getter) }
            writer.line("}")
            return
        }
        if let initializer = property.initializer { text += " = " + initializer }
        writer.line(text)
    }

    private static func renderFunction(_ function: SwiftFunctionDeclaration, into writer: inout CodeWriter) {
        var head = prefix(function.access) + (function.isStatic ? "static " : "")
        switch function.kind {
        case .function(let name): head += "func " + name
        case .initializer(let isFailable): head += isFailable ? "init?" : "init"
        }
        if !function.genericParameters.isEmpty {
            head += "<" + function.genericParameters.joined(separator: ", ") + ">"
        }
        var tail = function.isThrowing ? " throws" : ""
        if let returnType = function.returnType { tail += " -> " + returnType }
        if let whereClause = function.whereClause { tail += " where " + whereClause }
        let parameters = function.parameters.map(renderedParameter)
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
    public static func renderedParameter(_ parameter: SwiftParameter) -> String {
        var text = parameter.label.map { $0 + " " } ?? ""
        text += parameter.name + ": " + parameter.type
        if let defaultValue = parameter.defaultValue { text += " = " + defaultValue }
        return text
    }

    /// Returns one enum case as written: `case name = "raw"` or `case name(String)`.
    public static func renderedEnumCase(_ enumCase: SwiftEnumCaseDeclaration) -> String {
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
        case (.property(let first), .property(let second)):
            return first.getter == nil && second.getter == nil && first.isStatic == second.isStatic
        default:
            return false
        }
    }
}
