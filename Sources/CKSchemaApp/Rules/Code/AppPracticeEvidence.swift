package import CKSchemaCore

/// What one file shows that can make a code-practice finding in another file moot: the detectors read one file at
/// a time, but rules such as "no `.changeTokenExpired` handling anywhere in the app" are about the whole app. A
/// detector ships what it saw as an `AppCodeFinding` whose `rule` is `evidence:<case>`, and a finding that such
/// evidence silences as `<rule ID>?<case>`; the rule's `check` (`AppRuleContext.practices()`) then weighs them over
/// every file. Neither form is ever shown: only findings under a rule's own ID become diagnostics.
package enum AppPracticeEvidence: String, CaseIterable, Sendable {
    /// `CKQueryOperation(cursor:)` or `records(continuingMatchFrom:)`: the app follows query cursors.
    case cursorFollowedUp
    /// `.changeTokenExpired` is named.
    case changeTokenExpiredHandled
    /// `retryAfterSeconds` (or `CKErrorRetryAfterKey`) is read.
    case retryAfterRead
    /// `.serverRecordChanged` is named.
    case serverRecordChangedHandled
    /// A `.stateSerialization` is read or written outside `CKSyncEngine.Configuration(stateSerialization:)`.
    case engineStateSaved
    /// A file that reads `failedRecordSaves` names `.serverRecordChanged`.
    case engineConflictsHandled
    /// `partialErrorsByItemID` is read.
    case partialErrorsRead
    /// `.zoneNotFound` or `.userDeletedZone` is named.
    case zoneDeletionHandled
    /// `didChangeExternallyNotification` is observed.
    case keyValueChangesObserved
    /// Something that learns the account status (`AccountStatusCheck.markers`).
    case accountStatusAsked

    private static let prefix = "evidence:"

    /// The evidence, at `location`.
    package func finding(at location: SourceLocation) -> AppCodeFinding {
        AppCodeFinding(rule: Self.prefix + rawValue, location: location, message: "")
    }

    /// The evidence an `AppCodeFinding` carries, if it is one.
    package init?(_ finding: AppCodeFinding) {
        guard finding.rule.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(finding.rule.dropFirst(Self.prefix.count)))
    }
}

extension AppCodeFinding {
    /// A finding of the rule `rule`, which `evidence` anywhere in the app silences (none: it always counts).
    package static func practice(_ rule: String, unless evidence: AppPracticeEvidence? = nil, at location: SourceLocation,
                                 _ message: String, related: [SourceLocation] = []) -> AppCodeFinding {
        AppCodeFinding(rule: evidence.map { "\(rule)?\($0.rawValue)" } ?? rule, location: location, message: message,
                       related: related)
    }

    /// The rule ID without the evidence that silences it.
    package var ruleID: String {
        rule.firstIndex(of: "?").map { String(rule[..<$0]) } ?? rule
    }

    /// The evidence that silences this finding, if any.
    package var silencedBy: AppPracticeEvidence? {
        rule.firstIndex(of: "?").flatMap { AppPracticeEvidence(rawValue: String(rule[rule.index(after: $0)...])) }
    }
}
