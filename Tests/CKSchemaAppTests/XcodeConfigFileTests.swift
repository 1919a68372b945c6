import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// `.xcconfig` files: found through a file reference or Xcode 16's synchronized folders, `#include`d, and
/// a missing include (often a generated, ignored file) a note that leaves its settings unknown.
@Suite struct XcodeConfigFileTests {
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                G0 = { isa = PBXGroup; children = (G1, F1); sourceTree = "<group>"; };
                G1 = { isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
                F1 = { isa = PBXFileReference; path = Shared.xcconfig; sourceTree = "<group>"; };
                P0 = { isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); };
                L0 = { isa = XCConfigurationList; buildConfigurations = (C0); };
                C0 = { isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
                T1 = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Journal; productType = "com.apple.product-type.application"; };
                L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
                C1 = { isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = G1; baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = { }; name = Release; };
            };
            rootObject = P0;
        }
        """

    @Test func settingsComeFromTheConfigurationFiles() throws {
        let files = InMemoryAppFiles([
            ("Journal.xcodeproj/project.pbxproj", Self.project),
            ("Shared.xcconfig", "ORGANIZATION = com.example\n"),
            ("Config/App.xcconfig", "#include \"Team.xcconfig\"\n#include \"Base.xcconfig\"\n"
                + "PRODUCT_BUNDLE_IDENTIFIER = $(ORGANIZATION).Journal$(DEVELOPER_SUFFIX)\n"
                + "CODE_SIGN_ENTITLEMENTS = Journal/Journal.entitlements\n"),
            ("Config/Base.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345 // the team\n"),
            ("Journal/Journal.entitlements", "<plist><dict><key>com.apple.developer.icloud-container-identifiers</key>"
                + "<array><string>iCloud.$(PRODUCT_BUNDLE_IDENTIFIER)</string><string>$(TeamIdentifierPrefix)x</string></array></dict></plist>"),
        ])
        let project = AppProjectReader.read(files)
        let variant = try #require(project.targets.first?.variants.first)
        #expect(variant.platform == .iOS, "SDKROOT from the project level")
        #expect(variant.bundleID == "com.example.Journal", "an unset setting is empty")
        #expect(variant.entitlements?.containers.map(\.text) == ["iCloud.com.example.Journal", "$(TeamIdentifierPrefix)x"],
                "a signing-time variable stays as written")
        #expect(project.diagnostics.map { "\($0.id) \($0.location.map { "\($0.file):\($0.line)" } ?? "")" }
                == ["app_not_read Config/App.xcconfig:1"], "the missing include is a note at its line")
    }
}
