import CKSchemaApp
import CKSchemaCore
import Testing

/// The container rules judge a file against the targets that compile it: the iOS app's code against the iOS
/// app's entitlements, the macOS app's against the macOS app's, a framework's against the apps depending on it;
/// a file no target claims, or any file when the project does not say, against every target, as before.
@Suite struct PerTargetContainerTests {
    static let phone = TargetSources(files: ["Phone/A.swift"])
    static let mac = TargetSources(files: ["Mac/B.swift"])

    static let named = PerTargetApp([
        "Phone/A.swift": "let a = CKContainer(identifier: \"iCloud.com.example.Mac\")\n",
        "Mac/B.swift": "let b = CKContainer(identifier: \"iCloud.com.example.Journal\")\n",
        "Shared/C.swift": "let c = CKContainer(identifier: \"iCloud.com.example.Mac\")\n",
    ])

    @Test func aContainerIsJudgedAgainstTheTargetCompilingTheFile() {
        let findings = PerTargetApp.findings("app_code_container_not_entitled", Self.named.project(phone: Self.phone, mac: Self.mac))
        #expect(findings == [
            "Mac/B.swift:1 the code names the container 'iCloud.com.example.Journal', but the macOS target 'JournalMac' "
                + "('Mac/Mac.entitlements' lists only 'iCloud.com.example.Mac') compiles this file: CloudKit stops the app "
                + "when it creates this container; add it to the iCloud capability of each target that runs this code",
            "Phone/A.swift:1 the code names the container 'iCloud.com.example.Mac', but the iOS target 'JournalPhone' "
                + "('Phone/Phone.entitlements' lists only 'iCloud.com.example.Journal') compiles this file: CloudKit stops "
                + "the app when it creates this container; add it to the iCloud capability of each target that runs this code",
        ], "Shared/C.swift is no target's: entitled by some target, not reported")
    }

    @Test func withoutSourcesAContainerSomeTargetListsIsNotReported() {
        #expect(PerTargetApp.findings("app_code_container_not_entitled", Self.named.project(phone: nil, mac: nil)).isEmpty)
        var unlisted = Self.named
        unlisted.swift["Shared/C.swift"] = "let c = CKContainer(identifier: \"iCloud.com.example.Other\")\n"
        let findings = PerTargetApp.findings("app_code_container_not_entitled",
                                             unlisted.project(phone: Self.phone, mac: Self.mac))
        #expect(findings.filter { $0.hasPrefix("Shared/C.swift:1 ") && $0.contains("which no target is entitled to") }.count == 1,
                "an unattributed file keeps the app-wide judgment: \(findings)")
    }

    @Test func aFileEveryTargetCompilesUnentitledIsOneFindingNamingThemAll() {
        let app = PerTargetApp(["Shared/C.swift": "let c = CKContainer(identifier: \"iCloud.com.example.Jornal\")\n"])
        let shared = TargetSources(folders: ["Shared"])
        let findings = PerTargetApp.findings("app_code_container_not_entitled", app.project(phone: shared, mac: shared))
        #expect(findings == [
            "Shared/C.swift:1 the code names the container 'iCloud.com.example.Jornal', but 2 target variants compile this "
                + "file without it: the iOS target 'JournalPhone' ('Phone/Phone.entitlements' lists only "
                + "'iCloud.com.example.Journal'); the macOS target 'JournalMac' ('Mac/Mac.entitlements' lists only "
                + "'iCloud.com.example.Mac'): CloudKit stops the app when it creates this container; add it to the iCloud "
                + "capability of each target that runs this code; did you mean 'iCloud.com.example.Journal'?",
        ])
    }

    @Test func codeThatReadsItsEntitlementsAtRunTimeIsAWarningNamingTheCheck() {
        // AngelLive's shape: a shared package opens the iOS app's container only when the embedded profile lists it.
        let app = PerTargetApp([
            "Shared/C.swift": """
                func open() -> CKContainer? {
                    guard Availability.entitled("iCloud.com.example.Journal") else { return nil }
                    return CKContainer(identifier: "iCloud.com.example.Journal")
                }
                """,
            "Shared/Availability.swift": """
                enum Availability {
                    static func entitled(_ id: String) -> Bool {
                        Bundle.main.url(forResource: "embedded", withExtension: "mobileprovision") != nil
                    }
                }
                """,
        ])
        let shared = TargetSources(folders: ["Shared"])
        let findings = Diagnostic.sortedForOutput(AppRules.check(app.project(phone: shared, mac: shared)))
            .filter { $0.id.rawValue == "app_code_container_not_entitled" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("the macOS target 'JournalMac'") == true)
        #expect(findings.first?.message.contains("reads its entitlements at run time (Shared/Availability.swift:3:") == true,
                "\(findings.map(\.message))")
        #expect(findings.first?.notes.first?.location?.file == "Shared/Availability.swift")

        var secTask = app
        secTask.swift["Shared/Availability.swift"] = """
            enum Availability {
                static func entitled(_ id: String) -> Bool {
                    SecTaskCopyValueForEntitlement(SecTaskCreateFromSelf(nil)!, "com.example.key" as CFString, nil) != nil
                }
            }
            """
        let warned = Diagnostic.sortedForOutput(AppRules.check(secTask.project(phone: shared, mac: shared)))
            .filter { $0.id.rawValue == "app_code_container_not_entitled" }
        #expect(warned.map(\.severity) == [.warning], "SecTaskCopyValueForEntitlement reads the signed entitlements")

        var unchecked = app
        unchecked.swift["Shared/Availability.swift"] = "enum Availability { static func entitled(_ id: String) -> Bool { true } }\n"
        let trap = Diagnostic.sortedForOutput(AppRules.check(unchecked.project(phone: shared, mac: shared)))
            .filter { $0.id.rawValue == "app_code_container_not_entitled" }
        #expect(trap.map(\.severity) == [.error], "a check that does not read the entitlements is no check")
    }

    @Test func aFileFilteredToOnePlatformIsJudgedOnlyOnIt() {
        let app = PerTargetApp(["Mac/B.swift": "let b = CKContainer(identifier: \"iCloud.com.example.Mac\")\n"])
        let filtered = TargetSources(files: ["Mac/B.swift"], platformFilters: ["Mac/B.swift": [.macOS]])
        #expect(PerTargetApp.findings("app_code_container_not_entitled", app.multiplatform(filtered)).isEmpty)
        let everywhere = PerTargetApp.findings("app_code_container_not_entitled",
                                               app.multiplatform(TargetSources(files: ["Mac/B.swift"])))
        #expect(everywhere.count == 1 && everywhere[0].contains("the iOS target 'Journal' ('Phone/Phone.entitlements' lists only"), "\(everywhere)")
    }

    @Test func aFrameworksFileIsJudgedAgainstTheAppsDependingOnIt() {
        let app = PerTargetApp(["Kit/Store.swift": "let store = CKContainer(identifier: \"iCloud.com.example.Mac\")\n"])
        let kit = TargetSources(files: ["Kit/Store.swift"])
        let findings = PerTargetApp.findings("app_code_container_not_entitled", app.project(
            phone: TargetSources(files: ["Phone/A.swift"], dependencies: ["JournalKit"]), mac: Self.mac, kit: kit))
        #expect(findings.count == 1 && findings[0].hasPrefix("Kit/Store.swift:1 ")
                    && findings[0].contains("but the iOS target 'JournalPhone' ('Phone/Phone.entitlements'"), "\(findings)")
        let macDepends = PerTargetApp.findings("app_code_container_not_entitled", app.project(
            phone: Self.phone, mac: TargetSources(files: ["Mac/B.swift"], dependencies: ["JournalKit"]), kit: kit))
        #expect(macDepends.isEmpty, "the macOS app linking the framework is entitled: \(macDepends)")
    }

    static let defaultContainer = "let container = CKContainer.default()\n"

    @Test func theDefaultContainerIsTheBundleIDOfTheTargetCompilingTheCall() {
        // JournalMac's default container is iCloud.com.example.JournalMac, which it does not list.
        let inPhone = PerTargetApp(["Phone/A.swift": Self.defaultContainer])
        #expect(PerTargetApp.findings("app_default_container_not_entitled", inPhone.project(phone: Self.phone, mac: Self.mac)).isEmpty)
        let inMac = PerTargetApp(["Mac/B.swift": Self.defaultContainer])
        let findings = PerTargetApp.findings("app_default_container_not_entitled", inMac.project(phone: Self.phone, mac: Self.mac))
        #expect(findings.count == 1 && findings[0].hasPrefix("Mac/B.swift:1 CKContainer.default() is 'iCloud.com.example.JournalMac' for the target 'JournalMac'"),
                "\(findings)")
        let viaKit = PerTargetApp(["Kit/Store.swift": Self.defaultContainer]).project(
            phone: Self.phone, mac: TargetSources(files: ["Mac/B.swift"], dependencies: ["JournalKit"]),
            kit: TargetSources(files: ["Kit/Store.swift"]))
        #expect(PerTargetApp.findings("app_default_container_not_entitled", viaKit).count == 1)
        let filtered = inMac.multiplatform(TargetSources(files: ["Mac/B.swift"], platformFilters: ["Mac/B.swift": [.iOS]]))
        #expect(PerTargetApp.findings("app_default_container_not_entitled", filtered).isEmpty,
                "compiled only for iOS, where the bundle's container is entitled")
    }

    @Test func withoutSourcesEveryCloudKitAppIsCheckedForTheDefaultContainer() {
        let inPhone = PerTargetApp(["Phone/A.swift": Self.defaultContainer])
        let findings = PerTargetApp.findings("app_default_container_not_entitled", inPhone.project(phone: nil, mac: nil))
        #expect(findings.count == 1 && findings[0].contains("for the target 'JournalMac'"), "\(findings)")
        let unattributed = PerTargetApp(["Shared/C.swift": Self.defaultContainer])
        #expect(PerTargetApp.findings("app_default_container_not_entitled", unattributed.project(phone: Self.phone, mac: Self.mac)).count == 1)
    }

    @Test func swiftDataIsAmbiguousOnlyForTheTargetCompilingIt() {
        var app = PerTargetApp(["Phone/A.swift": "let config = ModelConfiguration(schema: schema)\n"])
        app.macEntitlements = PerTargetApp.cloudKit("iCloud.com.example.Mac", "iCloud.com.example.Journal")
        #expect(PerTargetApp.findings("app_swiftdata_container_ambiguous", app.project(phone: Self.phone, mac: Self.mac)).isEmpty)
        let unknown = PerTargetApp.findings("app_swiftdata_container_ambiguous", app.project(phone: nil, mac: nil))
        #expect(unknown.count == 1 && unknown[0].contains("the target 'JournalMac'"), "\(unknown)")
        let viaKit = PerTargetApp.findings("app_swiftdata_container_ambiguous", app.project(
            phone: TargetSources(), mac: TargetSources(dependencies: ["JournalKit"]), kit: Self.phone))
        #expect(viaKit.count == 1 && viaKit[0].contains("the target 'JournalMac'"), "\(viaKit)")
    }
}
