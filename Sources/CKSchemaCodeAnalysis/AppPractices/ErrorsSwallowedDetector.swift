import CKSchemaApp
import SwiftSyntax

/// `app_cloudkit_errors_swallowed`: `try?` on a CloudKit call (a database, container or sync-engine method,
/// `PracticeCall.isCloudKitCall`), or a `catch {}` with nothing in it after a `do` that makes one. Either way the
/// error that says what to do (retry later, reset a token, resolve a conflict, sign in) is lost. An empty catch of
/// one error (`catch let e as CKError where e.code == .unknownItem {}`, `catch CKError.unknownItem {}`) handles
/// it: that error means the work is already done.
///
/// Not reported: a status or identity query (`accountStatus()`, `userRecordID()`, `requestApplicationPermission`,
/// `discoverUserIdentity`), whose failure loses no data and which apps ask on purpose as "unknown"; and an
/// existence probe (`ExistenceProbe`), a `try?` fetch whose `nil` leads to saving that same ID with its errors
/// reported.
enum ErrorsSwallowedDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let rule = AppCloudKitErrorsSwallowedRule.ruleID
        var found: [AppCodeFinding] = []
        var seen = Set<SyntaxIdentifier>()
        for call in scan.calls where call.isCloudKitCall && !statusQueries.contains(call.name) {
            let tries = optionalTries(around: call)
            let isProbe = !tries.isEmpty && ExistenceProbe.isProbe(call, in: scan)
            for tried in tries where !isProbe && seen.insert(tried.id).inserted {
                found.append(.practice(rule, at: scan.location(of: tried),
                    "'try?' discards the error of '\(call.name)': CloudKit's errors say what to do next (retry "
                        + "after a delay, reset a token, resolve a conflict, ask the user to sign in); catch it and "
                        + "handle or report its code"))
            }
            for clause in emptyCatches(around: call) where seen.insert(clause.id).inserted {
                found.append(.practice(rule, at: scan.location(of: clause.catchKeyword),
                    "this empty 'catch' discards the error of '\(call.name)': CloudKit's errors say what to do next; "
                        + "handle or report its code"))
            }
        }
        return found
    }

    /// Whether the errors of `call` are discarded (`try?`, an empty `catch`).
    static func swallows(_ call: PracticeCall) -> Bool {
        !optionalTries(around: call).isEmpty || !emptyCatches(around: call).isEmpty
    }

    /// Status and identity queries: their failure means "unknown", and nothing is lost.
    private static let statusQueries: Set<String> = [
        "accountStatus", "userRecordID", "fetchUserRecordID", "requestApplicationPermission", "discoverUserIdentity",
    ]

    /// The `try?`s in the statement of `call` that cover it.
    private static func optionalTries(around call: PracticeCall) -> [TryExprSyntax] {
        var tries: [TryExprSyntax] = []
        var node = Syntax(call.node)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self) {
            node = parent
            if let tried = node.as(TryExprSyntax.self), tried.questionOrExclamationMark?.tokenKind == .postfixQuestionMark {
                tries.append(tried)
            }
        }
        return tries
    }

    /// The empty catch-all clauses of the `do` that makes `call`.
    private static func emptyCatches(around call: PracticeCall) -> [CatchClauseSyntax] {
        (enclosingDo(of: call.node)?.catchClauses).map { catches in
            catches.filter { $0.body.statements.isEmpty && !catchesOneError($0) }
        } ?? []
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
