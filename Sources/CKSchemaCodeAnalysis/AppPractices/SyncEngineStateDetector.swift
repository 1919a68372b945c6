import CKSchemaApp
import SwiftSyntax

/// `app_sync_engine_state_not_persisted`: a `CKSyncEngine` built in an app where no `.stateSerialization` is ever
/// read or written but the one handed to `CKSyncEngine.Configuration(stateSerialization:)`: the `.stateUpdate`
/// event's serialization is dropped, so every launch starts from scratch (a full fetch, pending changes lost).
/// Whether the place it is written to lasts (a file, defaults) is not judged.
enum SyncEngineStateDetector: PracticeDetector {
    static func findings(in scan: PracticeScan) -> [AppCodeFinding] {
        let saved = scan.file.tokens(viewMode: .sourceAccurate).first { token in
            guard token.tokenKind == .identifier("stateSerialization"),
                  let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
            return member.parent?.as(LabeledExprSyntax.self)?.label?.text != "stateSerialization"
        }
        let evidence = saved.map { [AppPracticeEvidence.engineStateSaved.finding(at: scan.location(of: $0))] } ?? []
        return evidence + scan.calls.filter { $0.constructs("CKSyncEngine") }.map { call in
            .practice(AppSyncEngineStateNotPersistedRule.ruleID, unless: .engineStateSaved, at: scan.location(of: call.node),
                      "this CKSyncEngine's state is never saved: no code keeps the 'stateSerialization' of the "
                        + "'.stateUpdate' event, so each launch starts without change tokens or pending changes; save it "
                        + "and pass it back in 'CKSyncEngine.Configuration(stateSerialization:)'")
        }
    }
}
