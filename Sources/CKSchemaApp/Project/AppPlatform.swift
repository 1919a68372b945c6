/// The platform a target's product runs on, told by its SDK (`iphoneos`, `macosx`, …).
package enum AppPlatform: String, Sendable, CaseIterable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS

    /// The device SDK's name, which `[sdk=…]` conditions match.
    package var sdk: String {
        switch self {
        case .iOS: "iphoneos"
        case .macOS: "macosx"
        case .tvOS: "appletvos"
        case .watchOS: "watchos"
        case .visionOS: "xros"
        }
    }

    /// The platform of an SDK or platform name (`iphoneos`, `iphonesimulator`, `macosx`, `iOS`, `macOS`,
    /// `xros`, `visionOS`), or `nil`.
    package init?(sdkOrName name: String) {
        let lowered = name.lowercased()
        if lowered.hasPrefix("iphone") || lowered == "ios" { self = .iOS }
        else if lowered.hasPrefix("macos") || lowered == "osx" { self = .macOS }
        else if lowered.hasPrefix("appletv") || lowered == "tvos" { self = .tvOS }
        else if lowered.hasPrefix("watch") { self = .watchOS }
        else if lowered.hasPrefix("xr") || lowered == "visionos" { self = .visionOS }
        else { return nil }
    }

    /// The platforms of a `SUPPORTED_PLATFORMS` value (`iphoneos iphonesimulator macosx`), simulators folded.
    package static func list(_ text: String) -> [AppPlatform] {
        var platforms: [AppPlatform] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if let platform = AppPlatform(sdkOrName: String(word)), !platforms.contains(platform) { platforms.append(platform) }
        }
        return platforms.sorted()
    }

    /// The entitlement that enables push notifications: `aps-environment`, or on macOS
    /// `com.apple.developer.aps-environment`.
    package var pushEntitlement: String {
        self == .macOS ? "com.apple.developer.aps-environment" : "aps-environment"
    }

    /// Whether the platform's apps declare background modes (`UIBackgroundModes`) in Info.plist.
    package var hasBackgroundModes: Bool { self != .macOS }

    package static func < (lhs: AppPlatform, rhs: AppPlatform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
