import CKSchemaApp
import SwiftSyntax

/// `app_polling_instead_of_push`: a repeating `Timer` (`scheduledTimer(…repeats: true…)`, `Timer.publish(every:)`)
/// whose statement fetches, or a `Task.sleep` in a `while true` / `while !Task.isCancelled` loop that fetches —
/// outside a `catch` (a retry's back-off is not polling). A fetch is a CloudKit read (`CloudKitRead`), or a call
/// named `fetch…`, `sync…`, `refresh…`, `poll…`, `pull…`, `reload…` of a function that reads from CloudKit: one
/// this file declares only counts if its body does (a local database migration's `fetchNextBatch` does not); one
/// declared in another file is taken to (lorvex's visionOS `store.refresh()` every 90 s). CloudKit pushes changes (subscriptions, CKSyncEngine);
/// polling spends battery and request quota and still lags. Silent for engine-managed sync.
enum PollingDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        guard !scan.isEngineManaged else { return [] }
        return scan.calls.compactMap { call -> AppCodeFinding? in
            let scope: Syntax?
            if call.receiver == "Timer", call.name == "publish" || (call.name == "scheduledTimer"
                && call.argument("repeats")?.expression.trimmedText == "true") {
                scope = statement(holding: call.node)
            } else if call.receiver == "Task", call.name == "sleep" {
                scope = pollingLoop(around: call.node)
            } else {
                scope = nil
            }
            guard let scope, let fetch = firstFetch(in: scope, scan: scan) else { return nil }
            return .practice(AppPollingInsteadOfPushRule.ruleID, at: scan.location(of: call.node),
                             "this \(call.receiver ?? "").\(call.name) repeats '\(fetch)' on a timer: CloudKit pushes "
                                + "changes (a database subscription, CKSyncEngine), and polling spends battery and "
                                + "request quota yet still lags; fetch when a push or the app's activation says so")
        }
    }

    /// The statement (or member) that holds `node`, with its closures.
    private static func statement(holding node: some SyntaxProtocol) -> Syntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return parent }
            current = parent
        }
        return nil
    }

    /// The endless loop (`while true`, `while !Task.isCancelled`, `repeat … while true`) around `node`, unless a
    /// `catch` or a closure comes first.
    private static func pollingLoop(around node: some SyntaxProtocol) -> Syntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(CatchClauseSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) {
                return nil
            }
            if let loop = parent.as(WhileStmtSyntax.self) {
                return endless(loop.conditions.trimmedText) ? parent : nil
            }
            if let loop = parent.as(RepeatStmtSyntax.self) {
                return endless(loop.condition.trimmedText) ? parent : nil
            }
            current = parent
        }
        return nil
    }

    private static func endless(_ condition: String) -> Bool {
        condition == "true" || condition.contains("isCancelled")
    }

    private static let fetchPrefixes = ["fetch", "sync", "refresh", "poll", "pull", "reload"]

    /// The name of the first fetching call in `scope`.
    private static func firstFetch(in scope: Syntax, scan: PracticeScan) -> String? {
        let range = scope.position..<scope.endPosition
        let declared = declaredFunctions(in: scan)
        return scan.calls.first { call in
            guard range.contains(call.node.position) else { return false }
            if CloudKitRead.isRead(call) { return true }
            guard fetchPrefixes.contains(where: call.name.lowercased().hasPrefix) else { return false }
            return declared[call.name] ?? true
        }?.name
    }

    /// The functions this file declares, by name, and whether any of them (one name may be overloaded) reads from CloudKit.
    private static func declaredFunctions(in scan: PracticeScan) -> [String: Bool] {
        var declared: [String: Bool] = [:]
        for token in scan.file.tokens(viewMode: .sourceAccurate) {
            guard let function = token.parent?.as(FunctionDeclSyntax.self), token.id == function.name.id,
                  let body = function.body else { continue }
            let range = body.position..<body.endPosition
            let reads = scan.calls.contains { range.contains($0.node.position) && CloudKitRead.isRead($0) }
            declared[function.name.text, default: false] = declared[function.name.text, default: false] || reads
        }
        return declared
    }
}
