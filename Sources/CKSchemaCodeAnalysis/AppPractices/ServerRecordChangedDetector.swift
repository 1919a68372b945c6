import CKSchemaApp
import SwiftSyntax

/// `app_server_record_changed_unhandled`: a record save under the default save policy, `.ifServerRecordUnchanged`
/// (`database.save(record)`, `modifyRecords(saving:…)` without `savePolicy:`, a `CKModifyRecordsOperation` whose
/// scope sets no other policy), in an app that names `.serverRecordChanged` nowhere: a save that races another
/// device fails with that error, and the edit is lost unless the server record is merged and saved again. A save
/// of records all made in the same function under a fresh name (`FreshRecord`) cannot race anything: no finding.
enum ServerRecordChangedDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let notRecords = namesBoundToZonesOrSubscriptions(in: scan)
        let saves = scan.calls.filter { call in
            if call.constructs("CKModifyRecordsOperation") {
                let toSave = call.argument("recordsToSave")?.expression.trimmedText
                let scope = call.node.enclosingScopeText
                return toSave != "nil" && toSave != "[]" && !scope.contains(".changedKeys") && !scope.contains(".allKeys")
            }
            guard call.isCloudKitCall else { return false }
            if call.name == "modifyRecords", let saving = call.argument("saving") {
                let policy = call.argument("savePolicy")?.expression.trimmedText
                return saving.expression.trimmedText != "[]" && (policy == nil || policy == ".ifServerRecordUnchanged")
            }
            // `save` also saves zones and subscriptions; those names are left alone.
            guard call.name == "save", call.node.arguments.count == 1, call.firstLabel == nil,
                  let argument = call.node.arguments.first?.expression.trimmedText.lowercased() else { return false }
            return !argument.contains("zone") && !argument.contains("subscription") && !argument.contains("share")
                && !notRecords.contains(call.node.arguments.first?.expression.trimmedText ?? "")
        }.filter { !savesOnlyFreshRecords($0) }
        return scan.evidence(.serverRecordChangedHandled, whereNamed: "serverRecordChanged") + saves.map { call in
            .practice(AppServerRecordChangedUnhandledRule.ruleID, unless: .serverRecordChangedHandled,
                      at: scan.location(of: call.node),
                      "this save uses the default policy '.ifServerRecordUnchanged' but no code handles "
                        + "'.serverRecordChanged': when another device saved first, the save fails and the edit is "
                        + "lost; merge into the server record ('serverRecord' in the error) and save again")
        }
    }

    private static func savesOnlyFreshRecords(_ call: PracticeCall) -> Bool {
        guard let items = CloudKitSave.items(of: call), !items.isEmpty, let scope = LocalScope(of: call.node) else { return false }
        return items.allSatisfy { FreshRecord.isFresh($0, in: scope) }
    }

    /// The names the file binds to a new zone, subscription or share (`let dbSub = CKDatabaseSubscription(…)`):
    /// `save(dbSub)` saves no record.
    private static func namesBoundToZonesOrSubscriptions(in scan: PracticeScan) -> Set<String> {
        Set(scan.calls.compactMap { call -> String? in
            guard call.receiver == nil, call.name.hasSuffix("Subscription") || call.name == "CKRecordZone" || call.name == "CKShare"
            else { return nil }
            return call.boundName
        })
    }
}
