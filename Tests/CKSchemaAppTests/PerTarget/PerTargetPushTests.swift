import CKSchemaApp
import Testing

/// The rules about pushes, sharing and the table's SYNC judge each target on its own code: a target that only
/// fetches is not reported because another target's code syncs through an engine.
@Suite struct PerTargetPushTests {
    static let phone = TargetSources(files: ["Phone/A.swift"])
    static let mac = TargetSources(files: ["Mac/B.swift"])
    static let engine = "let engine = CKSyncEngine(configuration)\n"
    static let fetch = "let records = try await database.records(matching: query)\n"

    /// The macOS app lacks push; the iOS app's code uses CKSyncEngine and the macOS app's only fetches.
    static var macWithoutPush: PerTargetApp {
        var app = PerTargetApp(["Phone/A.swift": engine, "Mac/B.swift": fetch])
        app.macEntitlements = PerTargetApp.cloudKit("iCloud.com.example.Mac")
        return app
    }

    @Test func aTargetThatOnlyFetchesIsNotJudgedByAnotherTargetsEngine() {
        let app = Self.macWithoutPush
        #expect(PerTargetApp.findings("app_push_entitlement_missing", app.project(phone: Self.phone, mac: Self.mac)).isEmpty)
        let unknown = PerTargetApp.findings("app_push_entitlement_missing", app.project(phone: nil, mac: nil))
        #expect(unknown.count == 1 && unknown[0].contains("the target 'JournalMac' (macOS)")
                    && unknown[0].contains("the code relies on them: CKSyncEngine (Phone/A.swift:1:"), "\(unknown)")
        let viaKit = PerTargetApp.findings("app_push_entitlement_missing", app.project(
            phone: Self.phone, mac: TargetSources(files: ["Mac/B.swift"], dependencies: ["JournalKit"]), kit: Self.phone))
        #expect(viaKit.count == 1 && viaKit[0].contains("CKSyncEngine (Phone/A.swift:1:"), "through the framework: \(viaKit)")
    }

    @Test func anUnattributedEngineCountsForEveryTarget() {
        var app = Self.macWithoutPush
        app.swift["Shared/Engine.swift"] = Self.engine
        app.swift["Phone/A.swift"] = Self.fetch
        let findings = PerTargetApp.findings("app_push_entitlement_missing", app.project(phone: Self.phone, mac: Self.mac))
        #expect(findings.count == 1 && findings[0].contains("CKSyncEngine (Shared/Engine.swift:1:"), "\(findings)")
    }

    @Test func theBackgroundModeIsJudgedOnTheTargetsOwnCode() {
        var app = PerTargetApp(["Phone/A.swift": Self.fetch, "Mac/B.swift": Self.engine])
        app.phoneModes = "[audio]"
        #expect(PerTargetApp.findings("app_background_mode_missing", app.project(phone: Self.phone, mac: Self.mac)).isEmpty)
        let unknown = PerTargetApp.findings("app_background_mode_missing", app.project(phone: nil, mac: nil))
        #expect(unknown.count == 1 && unknown[0].contains("the target 'JournalPhone'"), "\(unknown)")
        let multiplatform = PerTargetApp.findings("app_background_mode_missing", app.multiplatform(
            TargetSources(files: ["Phone/A.swift", "Mac/B.swift"], platformFilters: ["Mac/B.swift": [.macOS]])))
        #expect(multiplatform.isEmpty, "the engine is compiled for macOS only: \(multiplatform)")
    }

    @Test func aSubscriptionIsAnsweredOnlyByTheSameTargetsRegistration() {
        let app = PerTargetApp([
            "Phone/A.swift": "let subscription = CKDatabaseSubscription(subscriptionID: \"changes\")\n",
            "Mac/B.swift": "func launched() { NSApplication.shared.registerForRemoteNotifications() }\n",
        ])
        let findings = PerTargetApp.findings("app_subscription_not_registered", app.project(phone: Self.phone, mac: Self.mac))
        #expect(findings == ["Phone/A.swift:1 the code the iOS target 'JournalPhone' compiles saves a CKSubscription but never "
                             + "calls registerForRemoteNotifications(): its pushes do not reach the app, which learns of changes "
                             + "only when it fetches; register at launch"])
        #expect(PerTargetApp.findings("app_subscription_not_registered", app.project(phone: nil, mac: nil)).isEmpty,
                "without sources, registration anywhere counts")
        let viaKit = PerTargetApp.findings("app_subscription_not_registered", app.project(
            phone: TargetSources(files: ["Phone/A.swift"], dependencies: ["JournalKit"]), mac: Self.mac, kit: Self.mac))
        #expect(viaKit.isEmpty, "the framework the iOS app links registers: \(viaKit)")
        var unregistered = app
        unregistered.swift["Mac/B.swift"] = "let b = 1\n"
        let shared = TargetSources(folders: ["Phone", "Mac"])
        let both = PerTargetApp.findings("app_subscription_not_registered", unregistered.project(phone: shared, mac: shared))
        #expect(both.count == 1 && both[0].hasPrefix("Phone/A.swift:1 the code the iOS target 'JournalPhone' and the macOS "
                                                     + "target 'JournalMac' compile saves a CKSubscription"), "\(both)")
    }

    @Test func sharingIsJudgedOnTheTargetThatShares() {
        var app = PerTargetApp(["Phone/A.swift": "let share = CKShare(rootRecord: record)\n"])
        app.macSharing = false
        #expect(PerTargetApp.findings("app_sharing_not_supported", app.project(phone: Self.phone, mac: Self.mac)).isEmpty)
        let unknown = PerTargetApp.findings("app_sharing_not_supported", app.project(phone: nil, mac: nil))
        #expect(unknown.count == 1 && unknown[0].contains("the target 'JournalMac'"), "\(unknown)")
        let viaKit = PerTargetApp.findings("app_sharing_not_supported", app.project(
            phone: TargetSources(), mac: TargetSources(dependencies: ["JournalKit"]), kit: Self.phone))
        #expect(viaKit.count == 1, "\(viaKit)")
    }

    @Test func theTableShowsHowEachTargetSyncs() {
        let app = PerTargetApp(["Phone/A.swift": Self.fetch, "Mac/B.swift": Self.engine])
        let rows = DoctorSummary.table(app.project(phone: Self.phone, mac: Self.mac)).split(separator: "\n")
        #expect(rows.first { $0.hasPrefix("JournalPhone ") }?.hasSuffix("  raw operations") == true, "\(rows)")
        #expect(rows.first { $0.hasPrefix("JournalMac ") }?.hasSuffix("  CKSyncEngine") == true, "\(rows)")
        let unknown = DoctorSummary.table(app.project(phone: nil, mac: nil)).split(separator: "\n")
        #expect(unknown.filter { $0.hasSuffix("  raw operations, CKSyncEngine") }.count == 2, "\(unknown)")
    }

    @Test func theTableShowsSharingMissingOnlyWhereTheTargetShares() {
        var app = PerTargetApp(["Phone/A.swift": "let share = CKShare(rootRecord: record)\n"])
        app.macSharing = false
        let mac = { (project: AppProject) in
            DoctorSummary.table(project).split(separator: "\n").first { $0.hasPrefix("JournalMac ") }.map(String.init) ?? ""
        }
        #expect(mac(app.project(phone: Self.phone, mac: Self.mac)).contains("  -        none"), "the Mac app does not share")
        #expect(mac(app.project(phone: nil, mac: nil)).contains("  ✗        none"))
    }
}
