internal import CKSchemaApp
internal import CKSchemaCore

/// Turns one configuration's build settings into a variant per platform the target builds for: its bundle
/// ID, its entitlements (read and expanded with the settings) and its background modes (Info.plist and
/// `INFOPLIST_KEY_UIBackgroundModes`).
struct AppVariantBuilder {
    var levels: [BuildSettingsLevel]
    var configuration: String
    var targetName: String
    /// The folder relative settings paths start from.
    var folder: String
    /// Entitlements given by the project itself (XcodeGen's `entitlements.properties`), used when no file is.
    var inlineEntitlements: PropertyListNode?
    var entitlementsPath: (path: String, location: SourceLocation?)?
    var infoPlistPath: (path: String, location: SourceLocation?)?
    var inlineBackgroundModes: (modes: [String], location: SourceLocation?)?
    /// XcodeGen's `info.properties` `CKSharingSupported`, when the properties say.
    var inlineSharingSupported: Bool?
    var platforms: [AppPlatform]?

    init(levels: [BuildSettingsLevel], configuration: String, targetName: String, folder: String) {
        self.levels = levels
        self.configuration = configuration
        self.targetName = targetName
        self.folder = folder
    }

    /// The platforms: `SUPPORTED_PLATFORMS`, else `SDKROOT`, else the ones given.
    func platforms(_ resolver: BuildSettingsResolver) -> [AppPlatform?] {
        if let platforms, !platforms.isEmpty { return platforms }
        if let supported = resolver.value("SUPPORTED_PLATFORMS")?.value, !AppPlatform.list(supported).isEmpty {
            return AppPlatform.list(supported)
        }
        if let sdk = resolver.value("SDKROOT")?.value, let platform = AppPlatform(sdkOrName: sdk) { return [platform] }
        return [nil]
    }

    func build(_ reader: inout AppReader) -> [AppVariant] {
        let plain = BuildSettingsResolver(levels: levels, configuration: configuration, sdk: "", targetName: targetName)
        return platforms(plain).map { platform in
            let resolver = BuildSettingsResolver(levels: levels, configuration: configuration, sdk: platform?.sdk ?? "",
                                                 targetName: targetName)
            var variant = AppVariant(configurations: [configuration], platform: platform,
                                     bundleID: resolver.value("PRODUCT_BUNDLE_IDENTIFIER")?.value)
            readEntitlements(into: &variant, resolver, &reader)
            readBackgroundModes(into: &variant, resolver, &reader)
            return variant
        }
    }

    private func readEntitlements(into variant: inout AppVariant, _ resolver: BuildSettingsResolver, _ reader: inout AppReader) {
        let setting = resolver.value("CODE_SIGN_ENTITLEMENTS").map { ($0.value, $0.location) }
            ?? entitlementsPath.map { (resolver.expand($0.path, keepingUnknown: false), $0.location) }
        guard let (written, location) = setting, !written.isEmpty else {
            if let inlineEntitlements {
                variant.entitlements = Entitlements(path: inlineEntitlements.location?.file ?? "",
                                                    root: AppReader.expanded(inlineEntitlements, { resolver.expand($0) }))
            }
            return
        }
        variant.entitlementsSetting = location
        guard !written.contains("$("), !written.contains("${"), let path = AppPath.join(folder, written) else {
            reader.report(AppReadDiagnostics.notRead, .note,
                          "the entitlements of '\(targetName)' (\(configuration)) are at '\(written)', a path doctor cannot resolve",
                          at: location)
            return
        }
        variant.entitlementsPath = reader.files.display(path)
        if let inlineEntitlements, case .failure = reader.files.read(path) {
            // XcodeGen writes the file from the properties when it generates the project.
            reader.referenced.insert(path)
            variant.entitlements = Entitlements(path: inlineEntitlements.location?.file ?? "",
                                                root: AppReader.expanded(inlineEntitlements, { resolver.expand($0) }))
            return
        }
        variant.entitlements = reader.entitlements(path, namedAt: location,
                                                   by: "the entitlements of '\(targetName)'", expand: { resolver.expand($0) })
    }

    private func readBackgroundModes(into variant: inout AppVariant, _ resolver: BuildSettingsResolver, _ reader: inout AppReader) {
        var modes: [String]?
        if let generate = resolver.value("GENERATE_INFOPLIST_FILE")?.value, generate == "YES" {
            variant.infoPlist = "generated"
            modes = []
            variant.sharingSupported = resolver.value("INFOPLIST_KEY_CKSharingSupported").map { $0.value == "YES" } ?? false
            if let key = resolver.value("INFOPLIST_KEY_UIBackgroundModes") {
                modes = key.value.split(separator: " ").map { String($0).trimmingCharacters(in: "\"") }
                variant.infoPlistLocation = key.location
            }
        }
        let file = resolver.value("INFOPLIST_FILE").map { ($0.value, $0.location) }
            ?? infoPlistPath.map { (resolver.expand($0.path, keepingUnknown: false), $0.location) }
        if let (written, location) = file, !written.isEmpty {
            // An Info.plist that cannot be read (reported where it is named) may hold the modes and
            // CKSharingSupported: unknown, not missing.
            guard !written.contains("$("), let path = AppPath.join(folder, written),
                  let root = reader.plist(path, namedAt: location, by: "the Info.plist of '\(targetName)'") else {
                variant.sharingSupported = nil
                return finishBackgroundModes(nil, into: &variant)
            }
            variant.infoPlist = reader.files.display(path)
            if !root.isDictionary {
                reader.report(AppReadDiagnostics.wrongType, .error,
                              "the Info.plist '\(reader.files.display(path))' holds \(root.kindDescription), not a dictionary",
                              at: root.location)
                modes = nil
            } else {
                if case .bool(let supported)? = root.entry("CKSharingSupported")?.value.value {
                    variant.sharingSupported = supported || variant.sharingSupported == true
                } else if variant.sharingSupported == nil {
                    variant.sharingSupported = false
                }
                let entry = root.entry("UIBackgroundModes")
                modes = (modes ?? []) + (entry?.value.strings.map(\.text) ?? [])
                if let entry { variant.infoPlistLocation = entry.keyLocation } else if variant.infoPlistLocation == nil {
                    variant.infoPlistLocation = SourceLocation(file: reader.files.display(path), line: 1, column: 1)
                }
            }
        }
        finishBackgroundModes(modes, into: &variant)
    }

    private func finishBackgroundModes(_ modes: [String]?, into variant: inout AppVariant) {
        var modes = modes
        if let inlineBackgroundModes {
            modes = (modes ?? []) + inlineBackgroundModes.modes
            variant.infoPlistLocation = inlineBackgroundModes.location
            variant.infoPlist = variant.infoPlist ?? "generated"
        }
        if let inlineSharingSupported { variant.sharingSupported = inlineSharingSupported || variant.sharingSupported == true }
        variant.backgroundModes = modes
    }

    /// `variants` with `new` added, a variant equal to one already there but for its configuration merged into it.
    static func merge(_ variants: [AppVariant], _ new: [AppVariant]) -> [AppVariant] {
        var result = variants
        for variant in new {
            if let index = result.firstIndex(where: { $0.sameSigning(as: variant) }) {
                result[index].configurations += variant.configurations
            } else {
                result.append(variant)
            }
        }
        return result
    }
}

extension AppVariant {
    func sameSigning(as other: AppVariant) -> Bool {
        platform == other.platform && bundleID == other.bundleID && entitlementsPath == other.entitlementsPath
            && backgroundModes == other.backgroundModes && infoPlist == other.infoPlist
            && sharingSupported == other.sharingSupported
            && entitlements?.path == other.entitlements?.path
            && entitlements.map(Self.signature) == other.entitlements.map(Self.signature)
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
