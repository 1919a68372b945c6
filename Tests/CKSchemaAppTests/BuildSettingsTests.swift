import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// Resolving build settings as Xcode does: levels, conditions, `$(inherited)`, modifiers.
@Suite struct BuildSettingsTests {
    static func level(_ pairs: [(String, String)]) -> BuildSettingsLevel {
        var level: BuildSettingsLevel = [:]
        for (key, value) in pairs {
            let (name, conditions) = BuildSetting.split(key)
            level[name, default: []].append(BuildSetting(value: value, conditions: conditions, location: nil))
        }
        return level
    }

    @Test func conditionsLevelsAndExpansion() {
        let project = Self.level([("PRODUCT_BUNDLE_IDENTIFIER", "com.example.$(PRODUCT_NAME:rfc1034identifier)"),
                                  ("OTHER", "base")])
        let target = Self.level([("CODE_SIGN_ENTITLEMENTS", "App/App.entitlements"),
                                 ("CODE_SIGN_ENTITLEMENTS[sdk=macosx*]", "Mac/Mac.entitlements"),
                                 ("CODE_SIGN_ENTITLEMENTS[config=Release][sdk=iphoneos*]", "App/Release.entitlements"),
                                 ("OTHER", "$(inherited) more"), ("PRODUCT_NAME", "My App")])
        func resolver(_ configuration: String, _ sdk: String) -> BuildSettingsResolver {
            BuildSettingsResolver(levels: [project, target], configuration: configuration, sdk: sdk, targetName: "App")
        }
        #expect(resolver("Debug", "iphoneos").value("CODE_SIGN_ENTITLEMENTS")?.value == "App/App.entitlements")
        #expect(resolver("Release", "iphoneos").value("CODE_SIGN_ENTITLEMENTS")?.value == "App/Release.entitlements")
        #expect(resolver("Debug", "macosx").value("CODE_SIGN_ENTITLEMENTS")?.value == "Mac/Mac.entitlements")
        #expect(resolver("Debug", "iphoneos").value("PRODUCT_BUNDLE_IDENTIFIER")?.value == "com.example.My-App")
        #expect(resolver("Debug", "iphoneos").value("OTHER")?.value == "base more")
        #expect(resolver("Debug", "iphoneos").expand("iCloud.${PRODUCT_BUNDLE_IDENTIFIER}.$(UNKNOWN)")
                == "iCloud.com.example.My-App.$(UNKNOWN)")
    }
}
