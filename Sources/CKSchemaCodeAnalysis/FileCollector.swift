import CKSchemaCore
import CKSchemaRules
import SwiftSyntax

/// Walks one parsed Swift file: records its flow facts (functions, calls, returns) into a `SymbolTable` and
/// the CloudKit uses of its code as `PendingUsage`s, following each function's variables in source order.
/// What the file declares is its part of the module's `DeclarationIndex` (`DeclarationCollector`), which
/// the walk reads for the types of `self`'s properties.
///
/// The walk is swift-syntax's visitor, whose depth is bounded by the parser's own nesting limit; the flow
/// state is a stack of frames, one per function, accessor or closure.
final class FileCollector: SyntaxVisitor {
    let positions: SourcePositions
    /// The file's declarations.
    let declarations: DeclarationIndex
    var symbols = SymbolTable()
    var usages: [PendingUsage] = []
    /// Functions of this file declared to return a CKRecord.
    var recordReturningFunctions: Set<String> = []
    /// The casts of each record's key per body, as indexes into `usages` (`FileCollector+TolerantReads`).
    var readSites: [ReadSite: [Int]] = [:]

    /// Enclosing type declarations and extensions, qualified (`CloudKitConfig.EntryField`), outermost first.
    var typeScopes: [String] = []
    /// Flow frames of the functions and closures being walked, outermost first.
    var frames: [Frame] = []
    /// Bindings to restore when an `if`/`case` body that narrowed a record's type ends.
    private var narrowings: [SyntaxIdentifier: [(frame: Int, name: String, previous: Binding?)]] = [:]

    init(positions: SourcePositions, declarations: DeclarationIndex) {
        self.positions = positions
        self.declarations = declarations
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

    private func enterType(_ name: String) {
        typeScopes.append(typeScopes.last.map { "\($0).\(name)" } ?? name)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // An extension's members belong to the extended type, wherever the extension is written.
        typeScopes.append(node.extendedType.trimmedText)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { typeScopes.removeLast() }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// A `subscript` helper's own body is not a use: its callers are (the key enum it takes is in the index).
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: - Variables

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Frame 0 is the file's top level: declarations there are module constants (in the index) and script
        // variables; a type's properties are in the index.
        if frames.count > 1 || currentType == nil { bindLocals(node) }
        return .visitChildren
    }

    /// The declared type of property `name` of `type`, as far as this file says.
    func declaredPropertyType(_ name: String, in type: String) -> String? {
        let bare = type.firstIndex(of: "<").map { String(type[..<$0]) } ?? type
        return declarations.types[bare]?.properties[name]?.storedType
    }

    /// `Date()`, `CKRecord(…)`: the type a constructor call makes.
    func constructedType(_ expression: ExprSyntax) -> String? {
        DeclarationCollector.constructedType(expression)
    }

    // MARK: - Functions, accessors, closures

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let scope = currentType, let returned = node.signature.returnClause?.type.trimmedText,
           SwiftTypeNames.isRecord(returned) {
            symbols.recordMethods[scope, default: []].insert(node.name.text)
        }
        let (id, generics) = registerFunction(node)
        pushFrame(parameters: node.signature.parameterClause.parameters.map {
            (($0.secondName ?? $0.firstName).text, $0.type.trimmedText)
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
            (($0.secondName ?? $0.firstName).text, $0.type.trimmedText)
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

    override func visitPost(_ node: SourceFileSyntax) {
        frames.removeLast()
        shareReadTypes()
    }

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
