import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// Walks one parsed Swift file: records its declarations into a `SymbolTable` and the CloudKit uses of its
/// code as `PendingUsage`s, following each function's variables in source order.
///
/// The walk is swift-syntax's visitor, whose depth is bounded by the parser's own nesting limit; the flow
/// state is a stack of frames, one per function, accessor or closure.
final class FileCollector: SyntaxVisitor {
    let positions: SourcePositions
    var symbols = SymbolTable()
    var usages: [PendingUsage] = []
    /// SwiftData `@Model` classes seen (check-code points such code to check-models).
    var modelClasses = 0
    /// Functions of this file declared to return a CKRecord.
    var recordReturningFunctions: Set<String> = []
    /// Structs, classes, enums and actors declared in this file (qualified).
    private var concreteScopes: Set<String> = []

    /// Enclosing type declarations and extensions, qualified (`CloudKitConfig.EntryField`), outermost first.
    var typeScopes: [String] = []
    /// Enums with a String raw type among `typeScopes`.
    private var stringEnumScopes: Set<String> = []
    /// Flow frames of the functions and closures being walked, outermost first.
    var frames: [Frame] = []
    /// Bindings to restore when an `if`/`case` body that narrowed a record's type ends.
    private var narrowings: [SyntaxIdentifier: [(frame: Int, name: String, previous: Binding?)]] = [:]

    init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .sourceAccurate)
    }

    /// The innermost type the code is in (`JournalEntry` for its extensions), if any.
    var currentType: String? { typeScopes.last }

    /// Scopes for name lookup, innermost first.
    var lookupScopes: [String] { typeScopes.reversed() }

    func location(of node: some SyntaxProtocol) -> CKSchemaCore.SourceLocation {
        positions.location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    // MARK: - Types

    private func enterType(_ name: String, inheriting clause: InheritanceClauseSyntax? = nil, concrete: Bool = true) {
        let qualified = typeScopes.last.map { "\($0).\(name)" } ?? name
        typeScopes.append(qualified)
        if concrete { concreteScopes.insert(qualified) }
        recordConformances(clause, of: qualified)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, inheriting: node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.attributes.hasAttribute(named: "Model") { modelClasses += 1 }
        enterType(node.name.text, inheriting: node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, inheriting: node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, inheriting: node.inheritanceClause, concrete: false)
        if let scope = currentType { symbols.protocols.insert(scope) }
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, inheriting: node.inheritanceClause)
        let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        // A `String` raw type, or a `CodingKey` enum (`CodingKeys.title.stringValue` is the case name).
        if let scope = currentType, inherited.first == "String" || inherited.contains("CodingKey") {
            stringEnumScopes.insert(scope)
            symbols.stringEnums.insert(scope)
        }
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // An extension's members belong to the extended type, wherever the extension is written.
        typeScopes.append(node.extendedType.trimmedDescription)
        recordConformances(node.inheritanceClause, of: node.extendedType.trimmedDescription)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let scope = currentType, stringEnumScopes.contains(scope) else { return .skipChildren }
        for element in node.elements {
            let raw = element.rawValue.flatMap { $0.value.as(StringLiteralExprSyntax.self) }.flatMap(StringLiteralText.init)
            symbols.constants["\(scope).\(element.name.text)"] = raw?.value ?? element.name.text
        }
        return .skipChildren
    }

    /// A `subscript` in `extension CKRecord` taking an enum: `record[.title]` means that enum's case.
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = currentType, SwiftTypeNames.isRecord(scope),
           let parameter = node.parameterClause.parameters.first {
            symbols.subscriptKeyEnums.insert(SwiftTypeNames.strippingOptional(parameter.type.trimmedDescription))
        }
        return .skipChildren  // the helper's own body is not a use: its callers are
    }

    // MARK: - Stored properties and constants

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Frame 0 is the file's top level: declarations there are module constants and script variables.
        if frames.count <= 1 {
            recordDeclarations(node)
            if currentType == nil { bindLocals(node) }
        } else {
            bindLocals(node)
        }
        return .visitChildren
    }

    /// Type-level (or file-level) `let`/`var`: string constants and declared property types.
    private func recordDeclarations(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let qualified = currentType.map { "\($0).\(name)" } ?? name
            if node.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value {
                recordConstant(qualified, value: value)
            } else if binding.initializer == nil, let value = binding.accessorBlock.flatMap(Self.getterExpression) {
                recordConstant(qualified, value: value)  // `static var recordType: String { "Note" }`
            }
            if let scope = currentType {
                if let type = binding.typeAnnotation?.type.trimmedDescription {
                    symbols.properties[scope, default: [:]][name] = type
                } else if let value = binding.initializer?.value, let type = constructedType(value) {
                    symbols.properties[scope, default: [:]][name] = type
                }
            }
        }
    }

    /// A constant's value: a literal, the name of the type (`String(describing: Self.self)`), or another
    /// constant (`static let recordType = RecordTypes.note`).
    private func recordConstant(_ qualified: String, value: ExprSyntax) {
        if let literal = value.as(StringLiteralExprSyntax.self) {
            if let text = StringLiteralText(literal) { symbols.constants[qualified] = text.value }
            else if literal.segments.count == 1, let interpolation = literal.segments.first?.as(ExpressionSegmentSyntax.self),
                    interpolation.expressions.count == 1, let inner = interpolation.expressions.first?.expression {
                recordTypeName(qualified, of: inner)  // "\(Self.self)"
            }
            return
        }
        if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "String",
           call.arguments.count == 1, call.arguments.first?.label?.text == "describing",
           let inner = call.arguments.first?.expression {
            recordTypeName(qualified, of: inner)
            return
        }
        if value.is(MemberAccessExprSyntax.self) || value.is(DeclReferenceExprSyntax.self) {
            let key = symbolicKey(value)
            if case .path = key { symbols.aliases[qualified] = key }
        }
    }

    /// `Self.self`, `self` (in a static context) or `Note.self`: the type's own name.
    private func recordTypeName(_ qualified: String, of expression: ExprSyntax) {
        let text = expression.trimmedDescription
        if text == "Self.self" || text == "self" {
            guard let scope = currentType else { return }
            if concreteScopes.contains(scope) {
                symbols.constants[qualified] = scope.split(separator: ".").last.map(String.init) ?? scope
            } else {
                symbols.typeNameConstants.insert(qualified)  // a protocol's, or an extension's: decided later
            }
        } else if text.hasSuffix(".self"), let type = text.split(separator: ".").dropLast().last {
            symbols.constants[qualified] = String(type)
        }
    }

    /// The one expression a getter returns (`{ "Note" }`, `{ return "Note" }`, `{ get { "Note" } }`).
    static func getterExpression(_ block: AccessorBlockSyntax) -> ExprSyntax? {
        var statements: CodeBlockItemListSyntax?
        switch block.accessors {
        case .getter(let list): statements = list
        case .accessors(let list):
            guard list.count == 1, let accessor = list.first, accessor.accessorSpecifier.tokenKind == .keyword(.get) else {
                return nil
            }
            statements = accessor.body?.statements
        }
        guard let statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if case .expr(let expression) = item { return expression }
        if case .stmt(let statement) = item, let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression }
        return nil
    }

    /// `Date()`, `CKRecord(…)`: the type a constructor call makes.
    func constructedType(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        return callee.first?.isUppercase == true && !callee.contains("(") ? callee : nil
    }

    // MARK: - Functions, accessors, closures

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = currentType, let returned = node.signature.returnClause?.type.trimmedDescription,
           SwiftTypeNames.isRecord(returned) {
            symbols.recordMethods[scope, default: []].insert(node.name.text)
        }
        let (id, generics) = registerFunction(node)
        pushFrame(parameters: node.signature.parameterClause.parameters.map {
            (($0.secondName ?? $0.firstName).text, $0.type.trimmedDescription)
        }, function: id, generics: generics)
        recordImplicitReturn(node, id: id)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { frames.removeLast() }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let function = innermostFunction, recordReturningFunctions.contains(function), let expression = node.expression {
            recordReturn(expression, function: function)
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        pushFrame(parameters: node.signature.parameterClause.parameters.map {
            (($0.secondName ?? $0.firstName).text, $0.type.trimmedDescription)
        })
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { frames.removeLast() }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        pushFrame(parameters: [])
        return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) { frames.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var names: [String] = []
        switch node.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        var bindings = Dictionary(names.map { ($0, Binding.opaque) }, uniquingKeysWith: { first, _ in first })
        bindings.merge(closureParameterBindings(node, names: names)) { _, known in known }
        frames.append(Frame(bindings: bindings, generics: frames.last?.generics ?? [:]))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { frames.removeLast() }

    /// Top-level code (scripts, `main.swift`) runs in a frame of its own.
    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        frames.append(Frame(bindings: [:]))
        return .visitChildren
    }

    override func visitPost(_ node: SourceFileSyntax) { frames.removeLast() }

    // MARK: - Uses (the work is in the extensions; overrides must live in the class)

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        collectLoop(node)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        collectSubscript(node)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        collectCall(node)
        if !node.arguments.isEmpty { recordCallSite(node) }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        collectAssignment(node)
        return .visitChildren
    }

    // MARK: - Narrowing by record type

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        for condition in node.conditions {
            narrow(condition.condition, until: nil)
        }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        for condition in node.conditions {
            narrow(condition.condition, until: node.id)
        }
        return .visitChildren
    }

    override func visitPost(_ node: IfExprSyntax) { restoreNarrowings(node.id) }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        if let switchExpr = node.parent?.parent?.as(SwitchExprSyntax.self), case .case(let label) = node.label,
           label.caseItems.count == 1, let item = label.caseItems.first,
           let found = successBinding(item.pattern, against: switchExpr.subject) {
            bindNarrowed(found.name, found.binding, until: node.id)  // `case .success(let record):`
            return .visitChildren
        }
        guard let switchExpr = node.parent?.parent?.as(SwitchExprSyntax.self),
              let subject = switchExpr.subject.as(MemberAccessExprSyntax.self),
              subject.declName.baseName.text == "recordType", let base = subject.base,
              case .case(let label) = node.label, label.caseItems.count == 1,
              let pattern = label.caseItems.first?.pattern.as(ExpressionPatternSyntax.self) else { return .visitChildren }
        narrowRecord(base, to: pattern.expression, until: node.id)
        return .visitChildren
    }

    override func visitPost(_ node: SwitchCaseSyntax) { restoreNarrowings(node.id) }

    /// `record.recordType == X` (alone or among `&&`, `,` conditions): from here on (`until` nil) or within
    /// the body of `until`, `record` is a record of type X. The comparison is also evidence that the Swift
    /// type the code is in converts records of type X.
    private func narrow(_ condition: ConditionElementSyntax.Condition, until owner: SyntaxIdentifier?) {
        if case .matchingPattern(let match) = condition, let found = successBinding(match.pattern, against: match.initializer.value) {
            bindNarrowed(found.name, found.binding, until: owner)  // `if case .success(let record) = result`
            return
        }
        if case .matchingPattern(let match) = condition, let type = match.pattern.as(ExpressionPatternSyntax.self),
           let access = unwrapped(match.initializer.value)?.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "recordType", let base = access.base {
            narrowRecord(base, to: type.expression, until: owner)  // `guard case Note.recordType = record.recordType`
            return
        }
        guard case .expression(let expression) = condition, let sequence = expression.as(SequenceExprSyntax.self) else {
            if case .optionalBinding(let binding) = condition { bindOptional(binding) }
            return
        }
        let elements = Array(sequence.elements)
        for (index, element) in elements.enumerated() {
            guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "==", index > 0,
                  index + 1 < elements.count else { continue }
            for (side, other) in [(elements[index - 1], elements[index + 1]), (elements[index + 1], elements[index - 1])] {
                guard let access = side.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "recordType",
                      let base = access.base else { continue }
                narrowRecord(base, to: other, until: owner)
            }
        }
    }

    private func narrowRecord(_ base: ExprSyntax, to type: ExprSyntax, until owner: SyntaxIdentifier?) {
        let key = symbolicKey(type)
        if let scope = currentType { symbols.recordTypeEvidence[scope, default: []].append(key) }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, !frames.isEmpty else { return }
        let frame = frames.count - 1
        if let owner {
            narrowings[owner, default: []].append((frame, name, frames[frame].bindings[name]))
        }
        frames[frame].bindings[name] = .record(.named(key))
    }

    /// Binds `name` in the innermost frame, until the end of `owner`'s body (or the function's, for nil).
    private func bindNarrowed(_ name: String, _ binding: Binding, until owner: SyntaxIdentifier?) {
        guard !frames.isEmpty else { return }
        let frame = frames.count - 1
        if let owner { narrowings[owner, default: []].append((frame, name, frames[frame].bindings[name])) }
        frames[frame].bindings[name] = binding
    }

    private func restoreNarrowings(_ owner: SyntaxIdentifier) {
        guard let saved = narrowings.removeValue(forKey: owner) else { return }
        for entry in saved.reversed() where entry.frame < frames.count {
            frames[entry.frame].bindings[entry.name] = entry.previous
        }
    }
}
