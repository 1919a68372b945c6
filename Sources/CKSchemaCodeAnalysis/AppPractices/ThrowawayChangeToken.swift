import SwiftSyntax

/// Whether a change-token fetch starts from a token nothing keeps: `since: nil`, or a local `var` that starts at
/// `nil` (Apple's sharing samples: `var nextChangeToken: CKServerChangeToken? = nil`) and is only ever passed to
/// the fetch or overwritten with the next page's token. Every call then fetches from scratch, so an expired token
/// cannot stop a later sync; a token read anywhere else (saved, returned, kept in a property) is kept.
enum ThrowawayChangeToken {
    static func isPassed(to call: PracticeCall) -> Bool {
        guard let argument = call.argument("since") ?? call.argument("previousServerChangeToken") else { return false }
        let expression = argument.expression
        if expression.is(NilLiteralExprSyntax.self) { return true }
        guard let reference = expression.as(DeclReferenceExprSyntax.self), let scope = enclosingFunction(of: call.node)
        else { return false }
        return isThrowawayLocal(reference.baseName.text, passedAs: reference, in: scope)
    }

    /// Every mention of `name` in `scope` is its `nil`-started declaration, the fetch's argument, or an assignment to it.
    private static func isThrowawayLocal(_ name: String, passedAs argument: DeclReferenceExprSyntax, in scope: Syntax) -> Bool {
        var declared = false
        for token in scope.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            if let pattern = token.parent?.as(IdentifierPatternSyntax.self),
               let binding = pattern.parent?.as(PatternBindingSyntax.self) {
                let value = binding.initializer?.value
                guard value == nil || value?.is(NilLiteralExprSyntax.self) == true,
                      binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var)
                else { return false }
                declared = true
            } else if let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      reference.id == argument.id || isAssigned(reference) {
                continue
            } else {
                return false
            }
        }
        return declared
    }

    /// Whether `reference` is the left side of `name = value`.
    private static func isAssigned(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let list = reference.parent?.as(ExprListSyntax.self), list.first?.id == reference.id else { return false }
        return list.dropFirst().first?.is(AssignmentExprSyntax.self) == true
    }

    private static func enclosingFunction(of node: some SyntaxProtocol) -> Syntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self)
                || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) {
                return parent
            }
            current = parent
        }
        return nil
    }
}
