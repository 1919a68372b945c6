import CKSchemaApp

/// `app_zone_deletion_unhandled`: a custom zone (`CKRecordZone(zoneName:)`, `CKRecordZone.ID(zoneName:)`) in an
/// app that names neither `.zoneNotFound` nor `.userDeletedZone`: once the zone is gone (never created on this
/// device, or the user deleted the app's iCloud data), every save into it fails until the app recreates it. One
/// finding per file, at its first custom zone.
enum ZoneDeletionDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let evidence = scan.evidence(.zoneDeletionHandled, whereHandled: "zoneNotFound", "userDeletedZone")
        guard let zone = scan.calls.first(where: { call in
            call.firstLabel == "zoneName" && (call.constructs("CKRecordZone")
                || (call.name == "ID" && call.receiver == "CKRecordZone") || (call.name == "init" && call.receiver == "CKRecordZone.ID"))
        }) else { return evidence }
        return evidence + [.practice(AppZoneDeletionUnhandledRule.ruleID, unless: .zoneDeletionHandled,
            at: scan.location(of: zone.node),
            "this custom zone is used but no code handles '.zoneNotFound' or '.userDeletedZone': when the zone is "
                + "missing or the user deleted the app's iCloud data, every save into it fails; on those errors "
                + "recreate the zone (and re-upload, or ask the user) and try again")]
    }
}
