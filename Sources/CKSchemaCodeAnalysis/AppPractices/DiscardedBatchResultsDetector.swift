import CKSchemaApp
import SwiftSyntax

/// `app_partial_failure_unread`, its async form: `modifyRecordZones(saving:deleting:)`,
/// `modifySubscriptions(saving:deleting:)` and a non-atomic `modifyRecords(saving:deleting:…)` throw only when the
/// whole request fails; an item CloudKit refused is reported in the returned `saveResults` / `deleteResults`
/// alone. Reported where that result is discarded (`_ =`, a bare statement that is not the value its function or
/// closure returns) or bound to a name the function never reads again. A `modifyRecords` counts when it passes `atomically: false` or saves a record the code
/// places in the default zone (which has no atomic capability); an atomic one into a custom zone throws for a
/// refused item and is left alone, as is one whose zone the code does not show.
enum DiscardedBatchResultsDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        scan.calls.compactMap { call in
            guard call.isCloudKitCall, call.firstLabel == "saving", call.node.trailingClosure == nil,
                  call.argument("completionHandler") == nil, isNonAtomic(call),
                  let how = discarded(call.node) else { return nil }
            return .practice(AppPartialFailureUnreadRule.ruleID, at: scan.location(of: call.node),
                "the per-item results of this '\(call.name)(saving:deleting:)' are \(how): it throws only when the "
                    + "whole request fails, and an item CloudKit refused is reported only in 'saveResults' / "
                    + "'deleteResults', so the code goes on as if it was saved; check each item's Result")
        }
    }

    /// Whether a refused item of `call` is reported per item rather than thrown.
    private static func isNonAtomic(_ call: PracticeCall) -> Bool {
        switch call.name {
        case "modifyRecordZones", "modifySubscriptions":
            return true
        case "modifyRecords":
            if let atomically = call.argument("atomically") {
                return atomically.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            }
            guard let saving = call.argument("saving")?.expression.as(ArrayExprSyntax.self) else { return false }
            return saving.elements.contains { RecordZonePlacement.isDefaultZone($0.expression, near: call.node) }
        default:
            return false
        }
    }

    /// How the awaited result of `call` is thrown away, if it is.
    private static func discarded(_ call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        var awaited = false
        while let parent = node.parent, parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) {
            awaited = awaited || parent.is(AwaitExprSyntax.self)
            node = parent
        }
        guard awaited, let parent = node.parent else { return nil }
        if let statement = parent.as(CodeBlockItemSyntax.self) { return isImplicitReturn(statement) ? nil : "discarded" }
        if let sequence = parent.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self) ? "discarded ('_ =')" : nil
        }
        guard let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) else {
            return nil
        }
        if binding.pattern.is(WildcardPatternSyntax.self) { return "discarded ('_ =')" }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let scope = call.enclosingScope else { return nil }
        let reads = scope.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .identifier(name) }.count
        return reads <= 1 ? "bound to '\(name)' and never read" : nil
    }

    /// Whether `statement` is the value of its body: the only statement of a function that returns something, of a
    /// getter, or of a closure (a wrapper that hands the results to its caller).
    private static func isImplicitReturn(_ statement: CodeBlockItemSyntax) -> Bool {
        guard let list = statement.parent?.as(CodeBlockItemListSyntax.self), list.count == 1, let owner = list.parent else {
            return false
        }
        if owner.is(ClosureExprSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }
        guard let body = owner.as(CodeBlockSyntax.self)?.parent else { return false }
        if let function = body.as(FunctionDeclSyntax.self) { return function.signature.returnClause != nil }
        return body.is(AccessorDeclSyntax.self)
    }
}
