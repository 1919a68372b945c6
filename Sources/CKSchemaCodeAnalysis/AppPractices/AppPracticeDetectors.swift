package import CKSchemaApp
import CKSchemaCore
import CKSchemaRules
package import SwiftSyntax

/// The code-practice detectors of `ckschema doctor` (cursors, change tokens, subscriptions, error handling,
/// CKSyncEngine state, polling, …): each reads a parsed file and returns findings under its app rule's ID, and
/// the evidence that silences other files' findings (`AppPracticeEvidence`); the rules in
/// `CKSchemaApp/Rules/Code` weigh both over the whole app.
package enum AppPracticeDetectors {
    static let detectors: [any PracticeDetector.Type] = [
        CursorIgnoredDetector.self,
        ChangeTokenExpiredDetector.self,
        SubscriptionIdempotenceDetector.self,
        ErrorsSwallowedDetector.self,
        RetryAfterDetector.self,
        ServerRecordChangedDetector.self,
        SyncEngineStateDetector.self,
        SyncEngineConflictDetector.self,
        PollingDetector.self,
        PartialFailureDetector.self,
        DiscardedBatchResultsDetector.self,
        ZoneDeletionDetector.self,
        KeyValueStoreDetector.self,
        AccountStatusDetector.self,
    ]

    /// The findings of every detector on one file. `styles` is how the whole app syncs: rules about work an
    /// engine does (tokens, retries, subscriptions) stay silent for engine-managed sync. `moduleEnumCases` are the
    /// enum case names the whole module declares (`DeclarationIndex.enumCaseNames`);
    /// `moduleIssuesBatchOperations` whether any of its files issues a batch operation (`BatchOperations`);
    /// `moduleConflictHandlers` the names of its functions that handle a save conflict (`ConflictHandlers`). A finding on a line
    /// after `// ckschema:disable-next-line RULE` (or the other `ckschema:` comments) is left out; evidence never is.
    /// `converter` goes unused: ckschema's columns count Unicode scalars, swift-syntax's bytes (`SourcePositions`).
    package static func findings(in file: SourceFileSyntax, path: String, converter: SourceLocationConverter,
                                 styles: Set<SyncStyle>, moduleEnumCases: Set<String>,
                                 moduleIssuesBatchOperations: Bool,
                                 moduleConflictHandlers: Set<String>) -> [AppCodeFinding] {
        let scan = PracticeScan(file, path: path, styles: styles, moduleEnumCases: moduleEnumCases,
                                moduleIssuesBatchOperations: moduleIssuesBatchOperations,
                                moduleConflictHandlers: moduleConflictHandlers)
        let found = detectors.flatMap { $0.findings(in: scan) }
        guard scan.text.contains("ckschema:") else { return found }
        let suppressions = Suppressions(sources: [SourceFile(path: path, text: scan.text)])
        return found.filter { finding in
            AppPracticeEvidence(finding) != nil || !suppressions.suppresses(
                Diagnostic(id: DiagnosticID(finding.ruleID), severity: .warning, message: finding.message,
                           location: finding.location))
        }
    }
}

/// One code-practice detector: the findings (and evidence) of its rule in one file.
protocol PracticeDetector: Sendable {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding]
}
