import CKSchemaApp
import SwiftSyntax

/// `app_cursor_ignored`: a query that drops its cursor returns only the first page. A `CKQueryOperation(query:)`
/// counts unless the app builds a `CKQueryOperation(cursor:)` or calls `records(continuingMatchFrom:)` somewhere
/// (the follow-up often lives in another function or file); an async `records(matching:)` /
/// `records(continuingMatchFrom:)` counts where its `queryCursor` is dropped on the spot (`let (results, _) =`,
/// `.matchResults`, `.0`, or a result bound to a name in a file that never reads `queryCursor`). A query whose
/// `resultsLimit` is a cap (`QueryResultsLimit`: a small number) asked for at most that many and is left alone;
/// a huge one or `maximumResults` asks for everything and still gets one page; one the file cannot resolve is
/// not guessed at.
enum CursorIgnoredDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let rule = AppCursorIgnoredRule.ruleID
        var found: [AppCodeFinding] = []
        for call in scan.calls {
            if call.constructs("CKQueryOperation", firstLabel: "cursor")
                || (call.name == "records" && call.firstLabel == "continuingMatchFrom") {
                found.append(AppPracticeEvidence.cursorFollowedUp.finding(at: scan.location(of: call.node)))
            }
            if call.constructs("CKQueryOperation", firstLabel: "query"), !operationIsCapped(call.node, in: scan) {
                found.append(.practice(rule, unless: .cursorFollowedUp, at: scan.location(of: call.node),
                    "this CKQueryOperation's cursor is never followed (no 'CKQueryOperation(cursor:)' anywhere in the "
                        + "app): only the first page of results arrives; run a follow-up operation with the cursor "
                        + "that 'queryResultBlock' hands over until it is nil"))
            }
            if call.name == "records", call.receiver != nil,
               ["matching", "continuingMatchFrom"].contains(call.firstLabel ?? ""),
               call.argument("resultsLimit").map({ QueryResultsLimit($0.expression, in: scan.file) == .noCap }) ?? true,
               let how = droppedCursor(of: call.node, in: scan) {
                found.append(.practice(rule, at: scan.location(of: call.node),
                    "the 'queryCursor' of this 'records(\(call.firstLabel ?? ""):)' is dropped (\(how)): only the "
                        + "first page of results arrives; keep the cursor and call 'records(continuingMatchFrom:)' "
                        + "until it is nil"))
            }
        }
        return found
    }

    /// Whether the `CKQueryOperation(query:)` `call` is given a cap, or a `resultsLimit` this cannot read.
    private static func operationIsCapped(_ call: FunctionCallExprSyntax, in scan: PracticeScan) -> Bool {
        if let limit = QueryResultsLimit.assigned(near: call, in: scan.file) { return limit != .noCap }
        return call.enclosingScopeText.contains("resultsLimit")
    }

    /// How the cursor of the async query `call` is dropped, if it is.
    private static func droppedCursor(of call: FunctionCallExprSyntax, in scan: PracticeScan) -> String? {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) {
            node = parent
        }
        guard let parent = node.parent else { return nil }
        if let member = parent.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return name == "matchResults" || name == "0" ? "only '.\(name)' is read" : nil
        }
        guard let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) else {
            return nil
        }
        if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
            let elements = Array(tuple.elements)
            return elements.count == 2 && elements[1].pattern.is(WildcardPatternSyntax.self) ? "bound to '_'" : nil
        }
        if binding.pattern.is(IdentifierPatternSyntax.self), scan.identifiers["queryCursor"] == nil,
           !scan.text.contains("\(binding.pattern.trimmedText).1") {
            return "'queryCursor' is never read"
        }
        return nil
    }
}
