import CKSchemaApp
import SwiftSyntax

/// `app_cloudkit_errors_swallowed`: `try?` on a CloudKit call (a database, container or sync-engine method,
/// `PracticeCall.isCloudKitCall`), or a `catch {}` with nothing in it after a `do` that makes one. Either way the
/// error that says what to do (retry later, reset a token, resolve a conflict, sign in) is lost. An empty catch of
/// one error (`catch let e as CKError where e.code == .unknownItem {}`, `catch CKError.unknownItem {}`) handles
/// it: that error means the work is already done.
enum ErrorsSwallowedDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let rule = AppCloudKitErrorsSwallowedRule.ruleID
        var found: [AppCodeFinding] = []
        var seen = Set<SyntaxIdentifier>()
        for call in scan.calls where call.isCloudKitCall {
            var node = Syntax(call.node)
            while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self) {
                node = parent
                if let tried = node.as(TryExprSyntax.self), tried.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
                   seen.insert(tried.id).inserted {
                    found.append(.practice(rule, at: scan.location(of: tried),
                        "'try?' discards the error of '\(call.name)': CloudKit's errors say what to do next (retry "
                            + "after a delay, reset a token, resolve a conflict, ask the user to sign in); catch it and "
                            + "handle or report its code"))
                }
            }
            if let catches = enclosingDo(of: call.node)?.catchClauses {
                for clause in catches where clause.body.statements.isEmpty && !catchesOneError(clause)
                    && seen.insert(clause.id).inserted {
                    found.append(.practice(rule, at: scan.location(of: clause.catchKeyword),
                        "this empty 'catch' discards the error of '\(call.name)': CloudKit's errors say what to do next; "
                            + "handle or report its code"))
                }
            }
        }
        return found
    }

    /// Whether `clause` catches only some errors: a `where` condition, or a pattern naming an error
    /// (`CKError.unknownItem`) rather than binding any.
    private static func catchesOneError(_ clause: CatchClauseSyntax) -> Bool {
        !clause.catchItems.isEmpty && clause.catchItems.allSatisfy { item in
            item.whereClause != nil || item.pattern?.is(ExpressionPatternSyntax.self) == true
        }
    }

    /// The `do` statement whose body (not a nested closure's) holds `node`.
    private static func enclosingDo(of node: FunctionCallExprSyntax) -> DoStmtSyntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(CatchClauseSyntax.self) {
                return nil
            }
            if let statement = parent.as(DoStmtSyntax.self) { return statement }
            current = parent
        }
        return nil
    }
}
