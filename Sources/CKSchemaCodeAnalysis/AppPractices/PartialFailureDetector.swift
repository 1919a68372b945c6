import CKSchemaApp

/// `app_partial_failure_unread`: the code names `.partialFailure` but the app never reads
/// `partialErrorsByItemID` (or `userInfo[CKPartialErrorsByItemIDKey]`, the same dictionary): a batch that failed for some items only is treated as a whole, so the items that
/// failed (and why: a conflict, a missing zone) go unhandled, or the ones that succeeded are retried. One finding
/// per file, at its first mention.
enum PartialFailureDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let evidence = scan.evidence(.partialErrorsRead, whereNamed: "partialErrorsByItemID", "CKPartialErrorsByItemIDKey")
        guard let position = scan.identifiers["partialFailure"] else { return evidence }
        return evidence + [.practice(AppPartialFailureUnreadRule.ruleID, unless: .partialErrorsRead,
            at: scan.location(at: position),
            "'.partialFailure' is handled but the app never reads 'partialErrorsByItemID': which items failed, and "
                + "why, is lost; handle each item's own error")]
    }
}
