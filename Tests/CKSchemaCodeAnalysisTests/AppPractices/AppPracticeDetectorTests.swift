import CKSchemaApp
import CKSchemaCore
import Testing

/// The code-practice detectors beyond the rules' documented examples: the cases each one must tell apart, the
/// whole-app evidence across files, silence under engine-managed sync, suppression comments, configured
/// severities and broken input.
@Suite struct AppPracticeDetectorTests {
    private static func found(_ texts: String..., styles: Set<SyncStyle>? = nil,
                              severities: [String: Severity?] = [:]) -> [String] {
        let files = texts.enumerated().map { ("F\($0.offset).swift", "import CloudKit\n" + $0.element) }
        return AppPracticeHarness.summary(AppPracticeHarness.diagnostics(files, styles: styles, severities: severities))
    }

    private static func rules(_ texts: String..., styles: Set<SyncStyle>? = nil) -> Set<String> {
        let files = texts.enumerated().map { ("F\($0.offset).swift", $0.element) }
        return Set(AppPracticeHarness.diagnostics(files, styles: styles).map(\.id.rawValue))
            .subtracting(["app_account_status_unchecked"])
    }

    // MARK: cursors

    @Test func cursorDroppedThroughMatchResultsOrUnreadBinding() {
        #expect(Self.found("""
            func a(_ db: CKDatabase, q: CKQuery) async throws { let r = try await db.records(matching: q).matchResults }
            """) == ["F0.swift:2:71 app_cursor_ignored", "F0.swift:2:71 app_account_status_unchecked"].sorted())
        #expect(Self.rules("""
            func a(_ db: CKDatabase, q: CKQuery) async throws { let page = try await db.records(matching: q); print(page.matchResults) }
            """) == ["app_cursor_ignored"])
        #expect(Self.rules("""
            func a(_ db: CKDatabase, q: CKQuery) async throws {
                let page = try await db.records(matching: q)
                if let next = page.queryCursor { try await more(next) }
            }
            """).isEmpty)
    }

    @Test func queryOperationIsJudgedAgainstTheWholeApp() {
        let operation = "func a(_ q: CKQuery) { let op = CKQueryOperation(query: q); db.add(op) }"
        #expect(Self.rules(operation) == ["app_cursor_ignored"])
        #expect(Self.rules(operation, "func more(_ c: CKQueryOperation.Cursor) { db.add(CKQueryOperation(cursor: c)) }").isEmpty)
        #expect(Self.rules("func a(_ q: CKQuery) { let op = CKQueryOperation(query: q); op.resultsLimit = 1; db.add(op) }").isEmpty)
    }

    // MARK: change tokens, retries, subscriptions, polling: engine work

    static let engineWork = """
        import CloudKit
        func sync(_ db: CKDatabase, token: CKServerChangeToken?) {
            db.add(CKFetchDatabaseChangesOperation(previousServerChangeToken: token))
            let s = CKQuerySubscription(recordType: "Entry", predicate: NSPredicate(value: true), options: .firesOnRecordCreation)
            if error.code == .requestRateLimited { retry() }
            Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in fetchAll() }
        }
        """

    @Test func engineWorkRulesReportRawSync() {
        #expect(Self.rules(Self.engineWork, styles: [.rawOperations]) == [
            "app_change_token_expired_unhandled", "app_subscription_not_idempotent", "app_retry_after_ignored",
            "app_polling_instead_of_push",
        ])
    }

    @Test(arguments: [SyncStyle.syncEngine, .persistentCloudKitContainer, .swiftData])
    func engineWorkRulesAreSilentForEngineManagedSync(_ style: SyncStyle) {
        #expect(Self.rules(Self.engineWork, styles: [style, .rawOperations]).isEmpty)
    }

    @Test func handlingInAnotherFileCounts() {
        let handling = """
            func classify(_ e: CKError) { switch e.code { case .changeTokenExpired, .serverRecordChanged, .zoneNotFound: break
            default: _ = e.retryAfterSeconds } }
            """
        #expect(Self.rules(Self.engineWork, handling, styles: [.rawOperations]) == [
            "app_subscription_not_idempotent", "app_polling_instead_of_push",
        ])
    }

    @Test func retryBackOffAndBoundedLoopsAreNotPolling() {
        #expect(Self.rules("""
            func a() async throws {
                for attempt in 0..<3 { try await Task.sleep(for: .seconds(attempt)); try await fetchAll() }
                while true { do { return try await fetchAll() } catch { try await Task.sleep(for: .seconds(1)) } }
                while !Task.isCancelled { render(); try await Task.sleep(for: .seconds(1)) }
                Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { _ in fetchAll() }
            }
            """, styles: [.rawOperations]).isEmpty)
        #expect(Self.rules("import CloudKit\nlet t = Timer.publish(every: 60, on: .main, in: .common).autoconnect().sink { _ in refresh() }",
                           styles: [.rawOperations]) == ["app_polling_instead_of_push"])
    }

    // MARK: swallowed errors and saves

    @Test func onlyCloudKitCallsCountAsSwallowed() {
        #expect(Self.found("""
            func a(_ db: CKDatabase, container: CKContainer) async {
                try? modelContext.save()
                let data = try? JSONEncoder().encode(1)
                let zones = try? await container.privateCloudDatabase.allRecordZones()
                do { try persist() } catch {}
                do { try await CKContainer.default().privateCloudDatabase.deleteRecord(withID: id) } catch {}
            }
            """).filter { $0.hasSuffix("swallowed") } == [
                "F0.swift:5:17 app_cloudkit_errors_swallowed", "F0.swift:7:90 app_cloudkit_errors_swallowed",
            ])
    }

    @Test func savesUnderAnotherPolicyOrOfZonesAreNotConflicts() {
        #expect(Self.rules("""
            func a(_ db: CKDatabase, r: CKRecord) async throws {
                let op = CKModifyRecordsOperation(recordsToSave: [r], recordIDsToDelete: nil)
                op.savePolicy = .changedKeys
                try await db.save(zone)
                try await db.save(subscription)
                let dbSub = CKDatabaseSubscription(subscriptionID: "changes")
                try await db.save(dbSub)
                _ = try await db.modifyRecords(saving: [r], deleting: [], savePolicy: .allKeys)
                db.add(CKModifyRecordsOperation(recordsToSave: nil, recordIDsToDelete: [r.recordID]))
            }
            """, styles: [.rawOperations]).isEmpty)
        #expect(Self.rules("func a() { let op = CKModifyRecordsOperation(recordsToSave: [r], recordIDsToDelete: nil) }")
            == ["app_server_record_changed_unhandled"])
    }

    // MARK: the whole app

    @Test func accountStatusIsOneNoteForTheApp() {
        let diagnostics = AppPracticeHarness.diagnostics([
            ("A.swift", "func a(_ db: CKDatabase) async throws { _ = try await db.record(for: id) }"),
            ("B.swift", "func b(_ db: CKDatabase) async throws { _ = try await db.record(for: id) }"),
        ]).filter { $0.id == "app_account_status_unchecked" }
        #expect(diagnostics.count == 1 && diagnostics.first?.severity == .note && diagnostics.first?.location?.file == "A.swift")
        #expect(AppPracticeHarness.diagnostics([
            ("A.swift", "func a(_ db: CKDatabase) async throws { _ = try await db.record(for: id) }"),
            ("B.swift", "// watches .CKAccountChanged"),
        ]).isEmpty)
        // An app that syncs only through an engine issues no raw operations.
        #expect(AppPracticeHarness.diagnostics([("A.swift", "func a(_ db: CKDatabase) async throws { _ = try await db.record(for: id) }")],
                                               styles: [.swiftData]).isEmpty)
    }

    @Test func syncEngineRulesReadTheWholeApp() {
        let engine = "final class S { lazy var engine = CKSyncEngine(configuration) }"
        #expect(Self.rules(engine) == ["app_sync_engine_state_not_persisted", "app_sync_engine_conflict_unhandled"])
        #expect(Self.rules(engine, """
            func handle(_ event: CKSyncEngine.Event) {
                switch event {
                case .stateUpdate(let update): store.state = update.stateSerialization
                case .sentRecordZoneChanges(let sent): for f in sent.failedRecordSaves where f.error.code == .serverRecordChanged { merge(f) }
                default: break
                }
            }
            """).isEmpty)
    }

    @Test func keyValueStoreAndPartialFailure() {
        #expect(Self.rules("let v = NSUbiquitousKeyValueStore.default.string(forKey: \"k\")", "if e.code == .partialFailure { retry() }",
                           "let fetch = CKFetchRecordsOperation(recordIDs: ids)")
            == ["app_key_value_store_unobserved", "app_partial_failure_unread"])
        #expect(Self.rules("""
            let v = NSUbiquitousKeyValueStore.default.string(forKey: "k")
            let o = NotificationCenter.default.publisher(for: NSUbiquitousKeyValueStore.didChangeExternallyNotification)
            if e.code == .partialFailure { for (id, error) in e.partialErrorsByItemID ?? [:] { handle(id, error) } }
            """).isEmpty)
    }

    // MARK: configuration

    @Test func suppressionCommentSilencesItsRuleOnTheNextLine() {
        let code = """
            func a(_ db: CKDatabase, r: CKRecord) async {
                // ckschema:disable-next-line app_cloudkit_errors_swallowed
                _ = try? await db.save(r)
                // ckschema:disable-next-line app_cursor_ignored
                _ = try? await db.save(r)
            }
            """
        #expect(Self.found(code).filter { $0.hasSuffix("swallowed") } == ["F0.swift:6:9 app_cloudkit_errors_swallowed"])
    }

    @Test func severitiesComeFromTheConfiguration() {
        let code = "func a(_ db: CKDatabase, r: CKRecord) async { _ = try? await db.save(r) }"
        let files = [("F.swift", code)]
        let raised = AppPracticeHarness.diagnostics(files, severities: ["app_cloudkit_errors_swallowed": .error])
        #expect(raised.first { $0.id == "app_cloudkit_errors_swallowed" }?.severity == .error)
        let off = AppPracticeHarness.diagnostics(files, severities: ["app_cloudkit_errors_swallowed": Severity?.none])
        #expect(!off.contains { $0.id == "app_cloudkit_errors_swallowed" })
    }

    @Test func evidenceIsNeverShown() {
        let diagnostics = AppPracticeHarness.diagnostics([("F.swift", "if e.code == .changeTokenExpired || e.code == .zoneNotFound {}")])
        #expect(diagnostics.isEmpty)
    }

    @Test func brokenSourceGivesNoCrash() {
        let broken = ["func a( { CKQueryOperation(query: ", "}}} try? await db.save(", "let x = CKSyncEngine(", "\u{0}\u{FEFF}"]
        for text in broken {
            _ = AppPracticeHarness.diagnostics([("F.swift", text)])
        }
    }
}
