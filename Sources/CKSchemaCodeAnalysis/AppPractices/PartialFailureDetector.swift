import CKSchemaApp
import SwiftSyntax

/// `app_partial_failure_unread`: the code names `CKError`'s `.partialFailure` but the app never reads
/// `partialErrorsByItemID` (or `userInfo[CKPartialErrorsByItemIDKey]`, the same dictionary): a batch that failed
/// for some items only is treated as a whole, so the items that failed (and why: a conflict, a missing zone) go
/// unhandled, or the ones that succeeded are retried. One finding per file, at its first mention.
///
/// A case declaration named `partialFailure` is never one. When the module declares such a case, only a use
/// that must be `CKError`'s counts (`CKError.partialFailure`, `CKError.Code.partialFailure`, a comparison with a
/// `.code`, a `case` of a `switch` over a `.code`); any other `.partialFailure` is the app's own case. An app that
/// issues no batch operation never receives the code (`BatchOperations`): silent.
enum PartialFailureDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let evidence = scan.evidence(.partialErrorsRead, whereNamed: "partialErrorsByItemID", "CKPartialErrorsByItemIDKey")
        guard scan.identifiers["partialFailure"] != nil, scan.moduleIssuesBatchOperations else { return evidence }
        let appHasOwnCase = scan.moduleEnumCases.contains("partialFailure")
        guard let mention = scan.file.tokens(viewMode: .sourceAccurate).first(where: { token in
            token.tokenKind == .identifier("partialFailure") && !(token.parent?.is(EnumCaseElementSyntax.self) ?? false)
                && (!appHasOwnCase || isCloudKitCode(token))
        }) else { return evidence }
        return evidence + [.practice(AppPartialFailureUnreadRule.ruleID, unless: .partialErrorsRead,
            at: scan.location(of: mention),
            "'.partialFailure' is handled but the app never reads 'partialErrorsByItemID': which items failed, and "
                + "why, is lost; handle each item's own error")]
    }

    /// Whether the `partialFailure` at `token` must be `CKError`'s code.
    private static func isCloudKitCode(_ token: TokenSyntax) -> Bool {
        guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self) else { return false }
        if let base = member.base?.trimmedText { return ["CKError", "CKError.Code", "CloudKit.CKError"].contains(base) }
        // `error.code == .partialFailure`: an operator sequence with a `.code` in it.
        if let sequence = member.parent?.parent?.as(SequenceExprSyntax.self) {
            return sequence.elements.contains { isCode($0) }
        }
        // `switch error.code { case .partialFailure: … }`.
        var node = Syntax(member)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
            if let switchCase = parent.as(SwitchCaseSyntax.self),
               let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject {
                return isCode(subject)
            }
            node = parent
        }
        return false
    }

    private static func isCode(_ expression: ExprSyntax) -> Bool {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "code"
    }
}
