import CKSchemaApp
import SwiftSyntax

/// Where code handles a CloudKit error code rather than only describes it. A code named as a label of a `switch`
/// `case` whose whole body returns a message (`"…"`, `NSLocalizedString(…)`, `String(localized:)`) or an error
/// value of the app's own (`SyncError(…)`, `AppError.missing`) is only turned into words: the switch that maps
/// every code to an alert is not where a missing zone is made again. Any other mention counts as handling (a
/// `catch … where`, a comparison, a case that does something), as before.
enum ErrorCodeHandling {
    /// The first place in `scan` one of `codes` is named as handling, if any.
    static func firstHandling(of codes: Set<String>, in scan: PracticeScan) -> AbsolutePosition? {
        firstHandling(of: codes, in: scan.file)
    }

    /// The first place in `node` (a file, a function's body) one of `codes` is named as handling, if any.
    static func firstHandling(of codes: Set<String>, in node: some SyntaxProtocol) -> AbsolutePosition? {
        node.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind, codes.contains(name) else { return false }
            return !onlyDescribes(token)
        }?.positionAfterSkippingLeadingTrivia
    }

    /// Whether `token` is a label of a `case` whose body only produces a message or an error value.
    private static func onlyDescribes(_ token: TokenSyntax) -> Bool {
        var node = Syntax(token)
        while let parent = node.parent, !parent.is(SwitchCaseLabelSyntax.self) {
            if parent.is(CodeBlockItemListSyntax.self) || parent.is(MemberBlockSyntax.self) { return false }
            node = parent
        }
        guard let switchCase = node.parent?.parent?.as(SwitchCaseSyntax.self), switchCase.statements.count == 1,
              let item = switchCase.statements.first?.item else { return false }
        if let returned = item.as(ReturnStmtSyntax.self)?.expression { return isDescription(returned) }
        return item.as(ExprSyntax.self).map(isDescription) ?? false
    }

    /// A message string, or a value of an error type the app names (`…Error(…)`, `…Error.case`).
    private static func isDescription(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) { return true }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedText
            return ["NSLocalizedString", "String"].contains(callee) || namesErrorType(callee)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return namesErrorType(base.trimmedText)
        }
        return false
    }

    /// `SyncError`, `SyncError.init`, `AppError.from`: a type named `…Error` (CloudKit's own `CKError` is not a
    /// description: `CKError(.zoneNotFound)` passes the code on).
    private static func namesErrorType(_ text: String) -> Bool {
        guard let type = text.split(separator: ".").first, type != "CKError" else { return false }
        return type.hasSuffix("Error") && type.first?.isUppercase == true
    }
}

extension PracticeScan {
    /// Evidence at the first place one of `codes` is handled (`ErrorCodeHandling`), if one is.
    func evidence(_ evidence: AppPracticeEvidence, whereHandled codes: String...) -> [AppCodeFinding] {
        guard let position = ErrorCodeHandling.firstHandling(of: Set(codes), in: self) else { return [] }
        return [evidence.finding(at: location(at: position))]
    }
}
