import SwiftSyntax

/// Walks one parsed file into its part of the `DeclarationIndex`: type declarations and extensions (members
/// of an extension belong to the extended type), nested types by qualified name, enum cases, properties,
/// type aliases and file-level constants. In function, initializer and deinitializer bodies only type
/// declarations are read, into the index's local types (what else is declared there is a local variable);
/// accessor and closure bodies are not entered.
final class DeclarationCollector: SyntaxVisitor {
    let file: ParsedSwiftFile
    private(set) var index = DeclarationIndex()
    /// Each class declaration with its qualified name, for readers that look at particular classes
    /// (`@Model` ones) in the same walk.
    private(set) var classes: [(node: ClassDeclSyntax, qualifiedName: String)] = []
    /// Qualified names of the enclosing types and extensions, outermost first.
    private var scopes: [String] = []
    /// The enclosing types (false) and function bodies (true), outermost first.
    private var bodies: [Bool] = []
    /// Whether the walk is inside a function body (a type declared there is local).
    private var isLocal: Bool { bodies.contains(true) }

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
        if let parent, bodies.last != true {
            add(DeclarationIndex.TypeDeclaration(qualifiedName: parent, kind: nil, nestedTypes: [qualified]))
        }
        add(DeclarationIndex.TypeDeclaration(
            qualifiedName: qualified, kind: kind, inheritedTypes: Self.inheritedTypes(inheritance),
            attributes: attributes.attributeNames, location: file.location(of: name)))
        scopes.append(qualified)
        bodies.append(false)
    }

    private func leaveScope() {
        scopes.removeLast()
        bodies.removeLast()
    }

    /// Adds to the index, or to its local types inside a function body.
    private func add(_ declaration: DeclarationIndex.TypeDeclaration) {
        if isLocal { index.addLocal(declaration) } else { index.add(declaration) }
    }

    private static func inheritedTypes(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map(\.type.trimmedText) ?? []
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .class, inheritance: node.inheritanceClause, attributes: node.attributes)
        if !isLocal { classes.append((node, scopes[scopes.count - 1])) }
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { leaveScope() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .struct, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { leaveScope() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .enum, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { leaveScope() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .actor, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { leaveScope() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name, kind: .protocol, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { leaveScope() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // An extension's members belong to the extended type, wherever the extension is written.
        var name = node.extendedType.trimmedText
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        index.add(DeclarationIndex.TypeDeclaration(
            qualifiedName: name, kind: nil, inheritedTypes: Self.inheritedTypes(node.inheritanceClause),
            location: file.location(of: node.extendedType)))
        scopes.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    private func walkLocalTypes(of body: CodeBlockSyntax?) -> SyntaxVisitorContinueKind {
        bodies.append(true)
        for statement in body?.statements ?? [] {
            let item = statement.item
            if item.is(StructDeclSyntax.self) || item.is(EnumDeclSyntax.self) || item.is(ClassDeclSyntax.self)
                || item.is(ActorDeclSyntax.self) {
                walk(item)
            }
        }
        bodies.removeLast()
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !isLocal else { return .skipChildren }
        let scope = scopes.last
        index.add(DeclarationIndex.TypeAlias(
            qualifiedName: scope.map { "\($0).\(node.name.text)" } ?? node.name.text,
            target: node.initializer.value.trimmedText, scope: scope, location: file.location(of: node.name)))
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
                return clause.value.trimmedText
            }
            return DeclarationIndex.EnumCase(name: element.name.text, rawValue: raw,
                                             hasAssociatedValues: element.parameterClause != nil)
        }
        add(DeclarationIndex.TypeDeclaration(qualifiedName: scope, kind: nil, cases: cases))
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard bodies.last != true else { return .skipChildren }  // a local variable
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let value = binding.valueExpression
            let property = DeclarationIndex.PropertyDeclaration(
                name: name.text, isStatic: isStatic, isLet: isLet, isComputed: binding.isComputed,
                declaredType: binding.typeAnnotation?.type.trimmedText, stringValue: binding.stringValue,
                valueText: value?.trimmedText,
                constructedType: binding.initializer.flatMap { Self.constructedType($0.value) },
                describedType: value.flatMap(Self.describedType), valuePath: value.flatMap(Self.valuePath),
                location: file.location(of: name))
            if let scope = scopes.last {
                add(DeclarationIndex.TypeDeclaration(qualifiedName: scope, kind: nil, properties: [name.text: property]))
            } else {
                index.addGlobal(property)
            }
        }
        return .skipChildren
    }

    /// A subscript's key type (`subscript(key: EntryKey)` in `extension CKRecord`: `record[.title]` is a case
    /// of `EntryKey`); its body declares locals only.
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = scopes.last, let parameter = node.parameterClause.parameters.first {
            add(DeclarationIndex.TypeDeclaration(
                qualifiedName: scope, kind: nil,
                subscriptKeyTypes: [SwiftTypeNames.strippingOptional(parameter.type.trimmedText)]))
        }
        return .skipChildren
    }

    // Bodies declare locals: of them only the types declared at the body's top level are read
    // (`enum Keys: String` inside a method), not the statements.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { walkLocalTypes(of: node.body) }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { walkLocalTypes(of: node.body) }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { walkLocalTypes(of: node.body) }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

// MARK: - Values

extension DeclarationCollector {
    /// `Date()`, `CKRecord(…)`: the type a constructor call makes.
    static func constructedType(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedText
        return callee.first?.isUppercase == true && !callee.contains("(") ? callee : nil
    }

    /// The type whose name a value is: `String(describing: Self.self)`, `"\(Self.self)"` and `self` (in a
    /// static context) give `Self`; `Note.self` gives `Note`.
    static func describedType(_ value: ExprSyntax) -> String? {
        var inner: ExprSyntax?
        if let literal = value.as(StringLiteralExprSyntax.self) {
            // A literal without interpolation names no type (checked first: most values are such literals).
            guard StringLiteralText(literal) == nil else { return nil }
            // The parser puts an empty text segment on each side of `\(Self.self)`. (An array, not
            // `SyntaxCollection.filter`, which builds a new syntax node.)
            let segments = Array(literal.segments).filter { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty != true }
            guard segments.count == 1,
                  let interpolation = segments.first?.as(ExpressionSegmentSyntax.self),
                  interpolation.expressions.count == 1 else { return nil }
            inner = interpolation.expressions.first?.expression
        } else if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "String",
                  call.arguments.count == 1, call.arguments.first?.label?.text == "describing" {
            inner = call.arguments.first?.expression
        }
        guard let text = inner?.trimmedText else { return nil }
        if text == "Self.self" || text == "self" { return "Self" }
        guard text.hasSuffix(".self"), let type = text.split(separator: ".").dropLast().last else { return nil }
        return String(type)
    }

    /// The member path of a value that names another declaration (`RecordTypes.note`, `Self.Keys.title`,
    /// `title`), a leading `self` or `Self` dropped; `nil` for anything else (calls, literals, `.title`).
    static func valuePath(_ value: ExprSyntax) -> [String]? {
        guard value.is(MemberAccessExprSyntax.self) || value.is(DeclReferenceExprSyntax.self) else { return nil }
        var components: [String] = []
        var current: ExprSyntax? = value
        for _ in 0..<16 {
            if let member = current?.as(MemberAccessExprSyntax.self) {
                components.insert(member.declName.baseName.text, at: 0)
                guard let base = member.base else { return nil }
                current = base
            } else if let reference = current?.as(DeclReferenceExprSyntax.self) {
                components.insert(reference.baseName.text, at: 0)
                if components.first == "self" || (components.first == "Self" && components.count > 1) {
                    components.removeFirst()
                }
                return components.isEmpty ? nil : components
            } else if let type = current?.as(TypeExprSyntax.self) {
                return [type.type.trimmedText] + components
            } else {
                return nil
            }
        }
        return nil
    }
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
            let name = attribute.attributeName.trimmedText
            return name.split(separator: ".").last.map(String.init) ?? name
        }
    }

    func hasAttribute(named name: String) -> Bool { attributeNames.contains(name) }

    /// The attribute called `name`, if present.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            guard case .attribute(let attribute) = element else { continue }
            let written = attribute.attributeName.trimmedText
            if written == name || written.hasSuffix(".\(name)") { return attribute }
        }
        return nil
    }
}
