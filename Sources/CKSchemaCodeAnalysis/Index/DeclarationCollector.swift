import SwiftSyntax

/// Walks one parsed file into its part of the `DeclarationIndex`: type declarations and extensions (members
/// of an extension belong to the extended type), nested types by qualified name, enum cases, properties,
/// type aliases and file-level constants. Function, initializer, accessor and closure bodies are not entered:
/// what is declared there is local.
final class DeclarationCollector: SyntaxVisitor {
    let file: ParsedSwiftFile
    private(set) var index = DeclarationIndex()
    /// Each class declaration with its qualified name, for readers that look at particular classes
    /// (`@Model` ones) in the same walk.
    private(set) var classes: [(node: ClassDeclSyntax, qualifiedName: String)] = []
    /// Qualified names of the enclosing types and extensions, outermost first.
    private var scopes: [String] = []

    init(file: ParsedSwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    /// Collects `file`'s declarations.
    static func collect(_ file: ParsedSwiftFile) -> DeclarationCollector {
        let collector = DeclarationCollector(file: file)
        collector.walk(file.tree)
        return collector
    }

    // MARK: - Types

    private func enter(_ name: TokenSyntax, kind: DeclarationIndex.TypeKind, inheritance: InheritanceClauseSyntax?,
                       attributes: AttributeListSyntax) {
        let parent = scopes.last
        let qualified = parent.map { "\($0).\(name.text)" } ?? name.text
        if let parent {
            index.add(DeclarationIndex.TypeDeclaration(qualifiedName: parent, kind: nil, nestedTypes: [qualified]))
        }
        index.add(DeclarationIndex.TypeDeclaration(
            qualifiedName: qualified, kind: kind, inheritedTypes: Self.inheritedTypes(inheritance),
            attributes: attributes.attributeNames, location: file.location(of: name)))
        scopes.append(qualified)
    }

    private static func inheritedTypes(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .class, inheritance: node.inheritanceClause, attributes: node.attributes)
        classes.append((node, scopes[scopes.count - 1]))
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .struct, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .enum, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .actor, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .protocol, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // An extension's members belong to the extended type, wherever the extension is written.
        var name = node.extendedType.trimmedDescription
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        index.add(DeclarationIndex.TypeDeclaration(
            qualifiedName: name, kind: nil, inheritedTypes: Self.inheritedTypes(node.inheritanceClause),
            location: file.location(of: node.extendedType)))
        scopes.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let scope = scopes.last
        index.add(DeclarationIndex.TypeAlias(
            qualifiedName: scope.map { "\($0).\(node.name.text)" } ?? node.name.text,
            target: node.initializer.value.trimmedDescription, scope: scope, location: file.location(of: node.name)))
        return .skipChildren
    }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: - Members

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let scope = scopes.last else { return .skipChildren }
        let cases = node.elements.map { element in
            let raw: String? = element.rawValue.map { clause in
                if let literal = clause.value.as(StringLiteralExprSyntax.self), let text = StringLiteralText(literal) {
                    return text.value
                }
                return clause.value.trimmedDescription
            }
            return DeclarationIndex.EnumCase(name: element.name.text, rawValue: raw,
                                             hasAssociatedValues: element.parameterClause != nil)
        }
        index.add(DeclarationIndex.TypeDeclaration(qualifiedName: scope, kind: nil, cases: cases))
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let property = DeclarationIndex.PropertyDeclaration(
                name: name.text, isStatic: isStatic, isLet: isLet, isComputed: binding.isComputed,
                declaredType: binding.typeAnnotation?.type.trimmedDescription, stringValue: binding.stringValue,
                valueText: binding.valueExpression?.trimmedDescription, location: file.location(of: name))
            if let scope = scopes.last {
                index.add(DeclarationIndex.TypeDeclaration(qualifiedName: scope, kind: nil,
                                                           properties: [name.text: property]))
            } else {
                index.addGlobal(property)
            }
        }
        return .skipChildren
    }

    // Bodies declare locals only.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension PatternBindingSyntax {
    /// A getter (`{ "x" }`, `{ get { … } }`) or a protocol requirement (`{ get }`): no storage. Observers
    /// (`willSet`, `didSet`) keep a property stored.
    var isComputed: Bool {
        switch accessorBlock?.accessors {
        case nil: false
        case .getter?: true
        case .accessors(let list)?:
            list.contains { ["get", "set", "_read", "_modify", "read", "modify"].contains($0.accessorSpecifier.text) }
        }
    }

    /// The string a property holds when it is a literal: its initial value, or a one-expression getter's result.
    var stringValue: String? {
        valueExpression?.as(StringLiteralExprSyntax.self).flatMap { StringLiteralText($0)?.value }
    }

    /// The initial value, or the one expression a getter returns.
    var valueExpression: ExprSyntax? {
        if let value = initializer?.value { return value }
        let statements: CodeBlockItemListSyntax?
        switch accessorBlock?.accessors {
        case .getter(let items)?: statements = items
        case .accessors(let list)?: statements = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        case nil: statements = nil
        }
        guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
        return item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExpressionStmtSyntax.self)?.expression
            ?? item.as(ExprSyntax.self)
    }
}

extension AttributeListSyntax {
    /// The names of the attributes (`Model` for `@Model` and `@SwiftData.Model`).
    var attributeNames: [String] {
        compactMap { element in
            guard case .attribute(let attribute) = element else { return nil }
            let name = attribute.attributeName.trimmedDescription
            return name.split(separator: ".").last.map(String.init) ?? name
        }
    }

    func hasAttribute(named name: String) -> Bool { attributeNames.contains(name) }

    /// The attribute called `name`, if present.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            guard case .attribute(let attribute) = element else { continue }
            let written = attribute.attributeName.trimmedDescription
            if written == name || written.hasSuffix(".\(name)") { return attribute }
        }
        return nil
    }
}
