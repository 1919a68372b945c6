import CKSchemaApp
import SwiftSyntax

/// `app_account_status_unchecked`: an app that issues raw CloudKit calls but never learns whether the user is
/// signed in to iCloud (none of `AccountStatusCheck.markers`, as check-code's public-read rule counts them). A
/// candidate at each file's first raw call; the rule shows only the app's first. Where the status is asked, and
/// whether early enough, is not judged.
enum AccountStatusDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        var found: [AppCodeFinding] = []
        if let marker = AccountStatusCheck.markers.compactMap({ scan.text.utf8.firstRange(of: $0.utf8)?.lowerBound }).min() {
            let offset = scan.text.utf8.distance(from: scan.text.utf8.startIndex, to: marker)
            found.append(AppPracticeEvidence.accountStatusAsked.finding(at: scan.location(at: AbsolutePosition(utf8Offset: offset))))
        }
        guard scan.styles.isEmpty || scan.styles.contains(.rawOperations),
              let first = scan.calls.first(where: { $0.isCloudKitCall || isOperation($0) }) else { return found }
        return found + [.practice(AppAccountStatusUncheckedRule.ruleID, unless: .accountStatusAsked,
            at: scan.location(of: first.node),
            "the app calls CloudKit but never asks for the iCloud account status: a signed-out user (or one with "
                + "iCloud Drive off) gets failures or empty results with no explanation; check "
                + "'CKContainer.accountStatus()' and observe '.CKAccountChanged'")]
    }

    /// `CK…Operation(…)`: a raw operation built by hand.
    private static func isOperation(_ call: PracticeCall) -> Bool {
        call.receiver == nil && call.name.hasPrefix("CK") && call.name.hasSuffix("Operation")
    }
}
