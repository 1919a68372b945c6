import CKSchemaApp

/// `app_retry_after_ignored`: the code handles the errors that come with a server-chosen delay
/// (`.requestRateLimited`, `.zoneBusy`, `.serviceUnavailable`) but no file reads `retryAfterSeconds` (or
/// `CKErrorRetryAfterKey`): retries then come too early, and the server throttles the app further. One finding
/// per file, at its first such code. Silent for engine-managed sync (the engine retries).
enum RetryAfterDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        guard !scan.isEngineManaged else { return [] }
        let evidence = scan.evidence(.retryAfterRead, whereNamed: "retryAfterSeconds", "CKErrorRetryAfterKey")
        guard let position = scan.firstIdentifier("requestRateLimited", "zoneBusy", "serviceUnavailable") else {
            return evidence
        }
        return evidence + [.practice(AppRetryAfterIgnoredRule.ruleID, unless: .retryAfterRead, at: scan.location(at: position),
            "this code handles CloudKit's throttling errors but the app never reads 'retryAfterSeconds': a retry "
                + "before that delay fails again and prolongs the throttling; wait 'error.retryAfterSeconds' first")]
    }
}
