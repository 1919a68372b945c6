import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// XcodeGen projects: target templates, entitlements XcodeGen writes from `properties` (also for the other
/// targets naming the same file), settings per configuration.
@Suite struct XcodeGenReaderTests {
    @Test func templatesAndGeneratedEntitlements() throws {
        let files = InMemoryAppFiles([("project.yml", """
            name: Journal
            options:
              bundleIdPrefix: com.example
            targetTemplates:
              App:
                type: application
                supportedDestinations: [iOS, macOS]
                entitlements:
                  path: Support/App.entitlements
                  properties:
                    com.apple.developer.icloud-services: [CloudKit]
                    aps-environment: development
            targets:
              Journal:
                templates: [App]
                entitlements:
                  properties:
                    com.apple.developer.icloud-container-identifiers: [iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)]
                settings:
                  configs:
                    Release:
                      PRODUCT_BUNDLE_IDENTIFIER: com.example.journal
              Widget:
                type: app-extension
                platform: iOS
                entitlements:
                  path: Support/App.entitlements
            """)])
        let project = AppProjectReader.read(files)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics.map(\.message))")
        let journal = try #require(project.targets.first)
        #expect(journal.productType == "application" && journal.variants.map(\.platform) == [.iOS, .macOS, .iOS, .macOS])
        #expect(journal.variants.map(\.bundleID) == ["com.example.Journal", "com.example.Journal", "com.example.journal", "com.example.journal"])
        let entitlements = try #require(journal.variants.first?.entitlements)
        #expect(entitlements.services == ["CloudKit"], "the template's properties")
        #expect(entitlements.containers.map(\.text) == ["iCloud.com.example.Journal"], "the target's, expanded")
        let widget = try #require(project.targets.last?.variants.first?.entitlements)
        #expect(widget.containers.map(\.text) == ["iCloud.com.example.Widget"], "the file the app's properties generate")
    }
}

/// Entitlements whose CloudKit keys have the wrong type are located errors.
@Suite struct EntitlementTypeTests {
    @Test func listKeysWrittenAsStringsAreErrors() {
        let files = InMemoryAppFiles([
            ("project.yml", "name: A\ntargets:\n  A:\n    type: application\n    platform: iOS\n    entitlements:\n      path: A.entitlements\n"),
            ("A.entitlements", "<plist><dict>\n<key>com.apple.developer.icloud-services</key><string>CloudKit</string>\n"
                + "<key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.a</string></array>\n</dict></plist>"),
        ])
        let diagnostics = AppProjectReader.read(files).diagnostics
        #expect(diagnostics.map { "\($0.id) \($0.location?.line ?? 0)" } == ["app_plist_wrong_type 2"])
    }
}
