import CKSchemaApp
import SwiftSyntax

/// `app_zone_deletion_unhandled`: a custom zone (`CKRecordZone(zoneName:)`, `CKRecordZone.ID(zoneName:)`) in an
/// app that handles neither `.zoneNotFound` nor `.userDeletedZone` (`ErrorCodeHandling`: a code only turned into a
/// message is not handled): once the zone is gone (never created on this
/// device, or the user deleted the app's iCloud data), every save into it fails until the app recreates it. A
/// zone a function makes and saves before any other use of it (`let zone = CKRecordZone(zoneName: g)` then
/// `database.save(zone)`) is recreated on each call: not one. One finding per file, at its first custom zone.
enum ZoneDeletionDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let evidence = scan.evidence(.zoneDeletionHandled, whereHandled: "zoneNotFound", "userDeletedZone")
        guard let zone = scan.calls.first(where: { call in
            call.firstLabel == "zoneName" && (call.constructs("CKRecordZone")
                || (call.name == "ID" && call.receiver == "CKRecordZone") || (call.name == "init" && call.receiver == "CKRecordZone.ID"))
                && !isSavedBeforeUse(call, in: scan)
        }) else { return evidence }
        return evidence + [.practice(AppZoneDeletionUnhandledRule.ruleID, unless: .zoneDeletionHandled,
            at: scan.location(of: zone.node),
            "this custom zone is used but no code handles '.zoneNotFound' or '.userDeletedZone': when the zone is "
                + "missing or the user deleted the app's iCloud data, every save into it fails; on those errors "
                + "recreate the zone (and re-upload, or ask the user) and try again")]
    }

    /// Whether `zone` is bound to a local whose first use is saving it as a zone.
    private static func isSavedBeforeUse(_ zone: PracticeCall, in scan: PracticeScan) -> Bool {
        guard zone.constructs("CKRecordZone"), let name = zone.boundName, let scope = LocalScope(of: zone.node),
              let use = scope.firstReference(to: name, after: zone.node.endPosition) else { return false }
        return scan.calls.contains { call in
            CloudKitSave.savesZones(call) && CloudKitSave.items(of: call)?.contains { Syntax($0).id == Syntax(use).id } == true
        }
    }
}
