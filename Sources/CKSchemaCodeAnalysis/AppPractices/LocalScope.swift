import SwiftSyntax

/// The function a call is in, and what its local names were bound to: the little data flow the detectors
/// follow (`let id = CKRecord.ID(zoneID: z)` into `CKRecord(recordType: "T", recordID: id)`), by name and
/// source order, without types.
struct LocalScope {
    let node: Syntax

    /// The nearest enclosing function, initializer or accessor, so that a closure in it sees its locals; the
    /// outermost closure outside any. `nil` at type or file level: a property is no local.
    init?(of node: some SyntaxProtocol) {
        var current = Syntax(node)
        var closure: Syntax?
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) {
                self.node = parent
                return
            }
            if parent.is(ClosureExprSyntax.self) { closure = parent }
            if parent.is(MemberBlockItemSyntax.self) { break }
            current = parent
        }
        guard let closure else { return nil }
        self.node = closure
    }

    func contains(_ other: some SyntaxProtocol) -> Bool {
        (node.position..<node.endPosition).contains(other.position) && node.id != Syntax(other).id
    }

    /// The `let name = value` binding of `name` nearest before `position`. Only a `let`: a `var` may be given
    /// another value (a fetched record) before it is used.
    func binding(of name: String, before position: AbsolutePosition) -> PatternBindingSyntax? {
        var found: PatternBindingSyntax?
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard token.position < position else { break }
            guard token.tokenKind == .identifier(name), let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                  let binding = pattern.parent?.as(PatternBindingSyntax.self), binding.initializer != nil,
                  binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
            else { continue }
            found = binding
        }
        return found
    }

    /// `expression` with local `let` names replaced by their values (`id` → `CKRecord.ID(zoneID: z)`),
    /// `try`, `await` and parentheses removed.
    func resolved(_ expression: ExprSyntax, depth: Int = 0) -> ExprSyntax {
        if let tried = expression.as(TryExprSyntax.self) { return resolved(tried.expression, depth: depth) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return resolved(awaited.expression, depth: depth) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.label == nil {
            return resolved(only.expression, depth: depth)
        }
        guard depth < 8, let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
              let value = binding(of: reference.baseName.text, before: reference.position)?.initializer?.value else {
            return expression
        }
        return resolved(value, depth: depth + 1)
    }

    /// The first use of `name` after `position` (not a declaration of it).
    func firstReference(to name: String, after position: AbsolutePosition) -> DeclReferenceExprSyntax? {
        for token in node.tokens(viewMode: .sourceAccurate) where token.position > position && token.tokenKind == .identifier(name) {
            if let reference = token.parent?.as(DeclReferenceExprSyntax.self) { return reference }
        }
        return nil
    }
}

extension PracticeCall {
    /// The name a call's value is bound to: `zone` in `let zone = CKRecordZone(zoneName: group)`.
    var boundName: String? {
        node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?
            .pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
}
