import CKSchemaApp
import CKSchemaCodeAnalysis
import CKSchemaCore
import Testing

/// `app_sync_engine_conflict_unhandled` (issue #38): the file reading `failedRecordSaves` handles the conflict
/// through a helper another file declares (moolah's `SyncErrorRecovery`), reached by name up to two calls deep.
@Suite struct AppPracticeConflictHelperTests {
    private static func rules(_ files: (String, String)...) -> [String] {
        AppPracticeHarness.summary(AppPracticeHarness.diagnostics(files.map { ($0.0, "import CloudKit\n" + $0.1) },
                                                                  styles: [.syncEngine]))
            .filter { $0.hasSuffix("app_sync_engine_conflict_unhandled") }
    }

    static let engine = ("Engine.swift", "final class Sync { lazy var engine = CKSyncEngine(configuration) }")

    // moolah SyncCoordinator+RecordChanges.swift: the failures go to a handler, then to SyncErrorRecovery.classify.
    static let reading = ("Coordinator.swift", """
        extension SyncCoordinator {
            func handleSentRecordZoneChanges(_ sent: CKSyncEngine.Event.SentRecordZoneChanges) {
                for failure in sent.failedRecordSaves { byZone[failure.record.recordID.zoneID, default: []].append(failure) }
                for zoneID in byZone.keys {
                    let failures = handler.handleSentRecordZoneChanges(failedSaves: byZone[zoneID] ?? [])
                    requeue(failures)
                }
            }
        }
        """)

    static let handler = ("Handler.swift", """
        final class ProfileHandler {
            func handleSentRecordZoneChanges(failedSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave]) -> Classified {
                SyncErrorRecovery.classify(failedSaves: failedSaves, logger: logger)
            }
        }
        """)

    private static func recovery(_ conflictCase: String) -> (String, String) {
        ("SyncErrorRecovery.swift", """
            enum SyncErrorRecovery {
                static func classify(failedSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave], logger: Logger) -> Classified {
                    var result = Classified()
                    for failure in failedSaves { classifySaveFailure(failure, into: &result) }
                    return result
                }
                private static func classifySaveFailure(_ failure: FailedRecordSave, into result: inout Classified) {
                    switch failure.error.code {
                    \(conflictCase)
                    default: result.requeue.append(failure.record.recordID)
                    }
                }
            }
            """)
    }

    static let merging = """
        case .serverRecordChanged:
            if let server = failure.error.serverRecord { result.conflicts.append(server) } else { result.requeue.append(failure.record.recordID) }
        """

    @Test func helperDeclaredInAnotherFileHandlesTheConflict() {
        #expect(Self.rules(Self.engine, Self.reading, Self.handler, Self.recovery(Self.merging)).isEmpty)
        // A comparison or a `catch … where` in the helper is handling too.
        let compared = ("Helper.swift", "func isConflict(_ f: FailedRecordSave) -> Bool { f.error.code == .serverRecordChanged }")
        let reading = ("Coordinator.swift", "func on(_ sent: Sent) { for f in sent.failedRecordSaves where isConflict(f) { merge(f) } }")
        #expect(Self.rules(Self.engine, reading, compared).isEmpty)
    }

    @Test func appFactsReaderMergesTheModulesHandlers() {
        func conflicts(_ files: [(String, String)]) -> [String] {
            let facts = AppFactsReader.read(files.map { SourceFile(path: $0.0, text: "import CloudKit\n" + $0.1) }).facts
            var project = AppProject()
            project.code = facts
            return AppPracticeHarness.summary(AppRules.check(project, severities: [:]))
                .filter { $0.hasSuffix("app_sync_engine_conflict_unhandled") }
        }
        #expect(conflicts([Self.engine, Self.reading, Self.handler, Self.recovery(Self.merging)]).isEmpty)
        #expect(conflicts([Self.engine, Self.reading, Self.handler]) == ["Engine.swift:2:38 app_sync_engine_conflict_unhandled"])
    }

    @Test func helperThatOnlyDescribesTheCodeIsNotHandling() {
        let describing = Self.recovery("case .serverRecordChanged: return \"Another device changed this record\"")
        #expect(Self.rules(Self.engine, Self.reading, Self.handler, describing)
            == ["Engine.swift:2:38 app_sync_engine_conflict_unhandled"])
    }

    @Test func helperTheReadingFileNeverCallsIsNotHandling() {
        let reading = ("Coordinator.swift", "func on(_ sent: Sent) { for f in sent.failedRecordSaves { log(f) } }")
        #expect(Self.rules(Self.engine, reading, Self.handler, Self.recovery(Self.merging))
            == ["Engine.swift:2:38 app_sync_engine_conflict_unhandled"])
    }

    @Test func handlingMoreThanTwoCallsAwayIsNotSeen() {
        // reading → outer → handleSentRecordZoneChanges → classify → classifySaveFailure: three calls from `outer`.
        let reading = ("Coordinator.swift", "func on(_ sent: Sent) { for f in sent.failedRecordSaves { outer(f) } }")
        let outer = ("Outer.swift", "func outer(_ f: FailedRecordSave) { _ = handler.handleSentRecordZoneChanges(failedSaves: [f]) }")
        #expect(Self.rules(Self.engine, reading, outer, Self.handler, Self.recovery(Self.merging))
            == ["Engine.swift:2:38 app_sync_engine_conflict_unhandled"])
    }
}
