import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCodeAnalysis
import CKSchemaCore

/// A small app read as doctor reads it — the iOS app `JournalPhone` (bundle `com.example.Journal`, container
/// `iCloud.com.example.Journal`), the macOS app `JournalMac` (bundle `com.example.JournalMac`, container
/// `iCloud.com.example.Mac`) and the framework `JournalKit` — with its Swift files read as `ckschema-check-code`
/// reads them. Which target compiles which file is then set by the test, as the project readers set it.
struct PerTargetApp {
    var phoneEntitlements = Self.cloudKit("iCloud.com.example.Journal") + Self.entry("aps-environment", "<string>development</string>")
    var macEntitlements = Self.cloudKit("iCloud.com.example.Mac")
        + Self.entry("com.apple.developer.aps-environment", "<string>development</string>")
    var phoneModes = "[remote-notification]"
    var macSharing = true
    /// Path → Swift code.
    var swift: [String: String]

    init(_ swift: [String: String]) {
        self.swift = swift
    }

    /// The project, each target's sources as given (`nil`: not known).
    func project(phone: TargetSources?, mac: TargetSources?, kit: TargetSources? = nil) -> AppProject {
        var files = [("project.yml", projectYML), ("Phone/Phone.entitlements", Self.plist(phoneEntitlements)),
                     ("Mac/Mac.entitlements", Self.plist(macEntitlements))]
        files += swift.map { ($0.key, $0.value) }
        var project = AppProjectReader.read(InMemoryAppFiles(files.map { (path: $0.0, text: $0.1) }), configuredContainer: nil)
        project.code = AppFactsReader.read(swift.sorted { $0.key < $1.key }.map { SourceFile(path: $0.key, text: $0.value) }).facts
        let sources = ["JournalPhone": phone, "JournalMac": mac, "JournalKit": kit]
        for index in project.targets.indices {
            project.targets[index].sources = sources[project.targets[index].name] ?? nil
        }
        return project
    }

    /// The iOS and macOS apps' variants as one multiplatform target `Journal` compiling `sources`.
    func multiplatform(_ sources: TargetSources?) -> AppProject {
        var project = self.project(phone: nil, mac: nil)
        let variants = project.targets.filter { $0.name != "JournalKit" }.flatMap(\.variants)
        var target = AppTarget(name: "Journal", productType: "application", location: nil, project: "project.yml",
                               variants: variants)
        target.sources = sources
        project.targets = [target]
        return project
    }

    /// The messages of rule `id`'s findings on `project`, each with its place, in output order.
    static func findings(_ id: String, _ project: AppProject) -> [String] {
        Diagnostic.sortedForOutput(AppRules.check(project)).filter { $0.id.rawValue == id }.map { finding in
            "\(finding.location.map { "\($0.file):\($0.line)" } ?? "-") \(finding.message)"
        }
    }

    var projectYML: String {
        """
        name: Journal
        targets:
          JournalPhone:
            type: application
            platform: iOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.Journal
            entitlements:
              path: Phone/Phone.entitlements
            info:
              path: Phone/Info.plist
              properties:
                UIBackgroundModes: \(phoneModes)
                CKSharingSupported: true
          JournalMac:
            type: application
            platform: macOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.JournalMac
            entitlements:
              path: Mac/Mac.entitlements
            info:
              path: Mac/Info.plist
              properties:
                CKSharingSupported: \(macSharing)
          JournalKit:
            type: framework
            platform: iOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.JournalKit

        """
    }

    static func cloudKit(_ containers: String...) -> String {
        entry("com.apple.developer.icloud-services", "<array><string>CloudKit</string></array>")
            + entry("com.apple.developer.icloud-container-identifiers",
                    "<array>" + containers.map { "<string>\($0)</string>" }.joined() + "</array>")
    }

    static func entry(_ key: String, _ value: String) -> String {
        "    <key>\(key)</key>\n    \(value)\n"
    }

    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
    }
}
