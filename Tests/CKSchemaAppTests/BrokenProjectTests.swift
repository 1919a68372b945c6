import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// What doctor says around a file it could not read: the read error, and no finding or note that would need
/// the unread content (found on real apps, docs/doctor-evaluation.md).
@Suite struct BrokenProjectTests {
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>com.apple.developer.icloud-services</key>
            <array><string>CloudKit</string></array>
            <key>com.apple.developer.icloud-container-identifiers</key>
            <array><string>iCloud.com.example.Journal</string></array>
            <key>aps-environment</key><string>development</string>
        </dict>
        </plist>
        """

    static func project(infoPlist: String) -> String {
        """
        name: Journal
        targets:
          Journal:
            type: application
            platform: iOS
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.Journal
              GENERATE_INFOPLIST_FILE: YES
              INFOPLIST_FILE: \(infoPlist)
            entitlements:
              path: Journal/Journal.entitlements
        """
    }

    static func ids(_ project: AppProject) -> [String] {
        Diagnostic.sortedForOutput(AppRules.check(project)).map { "\($0.location?.file ?? "-") \($0.id)" }
    }

    @Test func anInfoPlistThatCannotBeReadLeavesTheBackgroundModesUnknown() {
        let files = InMemoryAppFiles([
            ("project.yml", Self.project(infoPlist: "Journal/Info.plist")),
            ("Journal/Journal.entitlements", Self.entitlements),
            ("Journal/Info.plist", "this is not a property list\n"),
        ])
        let project = AppProjectReader.read(files)
        #expect(Self.ids(project) == ["Journal/Info.plist app_plist_syntax"],
                "the generated Info.plist is merged with the file: its modes are not known to be missing")
        #expect(project.targets.first?.variants.first?.backgroundModes == nil)
    }

    @Test func anInfoPlistPathWithAnUnknownSettingLeavesTheBackgroundModesUnknown() {
        let files = InMemoryAppFiles([
            ("project.yml", Self.project(infoPlist: "$(CONFIG_DIR)/Info.plist")),
            ("Journal/Journal.entitlements", Self.entitlements),
        ])
        let project = AppProjectReader.read(files)
        #expect(!Self.ids(project).contains { $0.hasSuffix("app_background_mode_missing") }, "\(Self.ids(project))")
    }

    @Test func aTruncatedProjectLeavesNoEntitlementsFileUnreferenced() {
        let files = InMemoryAppFiles([
            ("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tAB = {isa = PBXNativeTarget; name = "),
            ("App/App.entitlements", Self.entitlements),
        ])
        let project = AppProjectReader.read(files)
        #expect(Self.ids(project) == ["App.xcodeproj/project.pbxproj app_plist_syntax"],
                "the unread project may name App.entitlements: 'no target uses it' would be a guess")
    }
}
