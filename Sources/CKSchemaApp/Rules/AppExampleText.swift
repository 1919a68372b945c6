internal import CKSchemaCore

/// Builds the small apps of the doctor rules' examples — an XcodeGen `project.yml`, entitlements and
/// scripts — laid out as XcodeGen and Xcode write them, so that each example says only what differs. A `↓`
/// marks where the rule reports.
enum AppExampleText {
    /// The iOS app `Journal` signing with `Journal/Journal.entitlements`, which holds `entries`.
    static func app(_ entries: String...) -> [AppExampleFile] {
        [project(target()), entitlements(at: "Journal/Journal.entitlements", entries)]
    }

    /// `project.yml` with `targets`.
    static func project(_ targets: String...) -> AppExampleFile {
        AppExampleFile("project.yml", "name: Journal\ntargets:\n" + targets.joined())
    }

    /// A target of `project.yml`: its platform, bundle ID, entitlements file and background modes (`nil`: no
    /// Info.plist properties).
    static func target(_ name: String = "Journal", platform: String = "iOS", type: String = "application",
                       bundleID: String = "com.example.Journal", entitlements: String? = "Journal/Journal.entitlements",
                       backgroundModes: String? = "[remote-notification]", markModes: Bool = false) -> String {
        var text = "  \(name):\n    type: \(type)\n    platform: \(platform)\n"
        text += "    settings:\n      PRODUCT_BUNDLE_IDENTIFIER: \(bundleID)\n"
        if let entitlements { text += "    entitlements:\n      path: \(entitlements)\n" }
        if let backgroundModes {
            text += "    info:\n      path: \(name)/Info.plist\n      properties:\n        "
                + "\(markModes ? "↓" : "")UIBackgroundModes: \(backgroundModes)\n"
        }
        return text
    }

    /// The XML entitlements file `Journal/Journal.entitlements` holding `entries` (each from `entry`).
    static func entitlements(_ entries: String...) -> AppExampleFile {
        entitlements(at: "Journal/Journal.entitlements", entries)
    }

    /// An XML entitlements file at `path` holding `entries`.
    static func entitlements(at path: String, _ entries: [String]) -> AppExampleFile {
        AppExampleFile(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(entries.joined())</dict>
            </plist>
            """)
    }

    /// One key and its value (`↓` before the key when `marked`).
    static func entry(_ key: String, _ value: String, marked: Bool = false) -> String {
        "    \(marked ? "↓" : "")<key>\(key)</key>\n    \(value)\n"
    }

    static func array(_ strings: String...) -> String {
        "<array>" + strings.map { "<string>\($0)</string>" }.joined() + "</array>"
    }

    static func services(marked: Bool = false) -> String {
        entry(Entitlements.Key.services, array("CloudKit"), marked: marked)
    }

    static func containers(_ ids: String..., marked: Bool = false) -> String {
        entry(Entitlements.Key.containers, "<array>" + ids.map { "<string>\($0)</string>" }.joined() + "</array>", marked: marked)
    }

    /// The CloudKit service and the default container.
    static let cloudKit = services() + containers("iCloud.com.example.Journal")

    /// `aps-environment` (iOS) set to development.
    static let push = entry("aps-environment", "<string>development</string>")
}
