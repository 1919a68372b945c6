package import CKSchemaCore

/// One build setting as written: its value, the conditions of `NAME[sdk=iphoneos*][config=Release]`, and where.
package struct BuildSetting: Sendable {
    package var value: String
    /// `(sdk, iphoneos*)`, `(config, Release)`, `(arch, arm64)`.
    package var conditions: [(name: String, pattern: String)]
    package var location: SourceLocation?

    package init(value: String, conditions: [(name: String, pattern: String)] = [], location: SourceLocation?) {
        self.value = value
        self.conditions = conditions
        self.location = location
    }

    /// Splits `NAME[sdk=iphoneos*][config=Release]` into the name and its conditions.
    package static func split(_ key: String) -> (name: String, conditions: [(name: String, pattern: String)]) {
        guard let open = key.firstIndex(of: "[") else { return (key, []) }
        var conditions: [(String, String)] = []
        for part in key[open...].split(separator: "[") {
            let body = part.hasSuffix("]") ? part.dropLast() : part
            let pair = body.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { conditions.append((pair[0], pair[1])) }
        }
        return (String(key[..<open]), conditions)
    }
}

/// The settings of one level (project, configuration file, target), by name, each with its conditional
/// variants, in the order written.
package typealias BuildSettingsLevel = [String: [BuildSetting]]

/// Resolves build settings for one target, configuration and SDK the way Xcode does: the highest level that
/// sets a name wins (target over its `.xcconfig` over the project over its `.xcconfig`), a matching condition
/// over no condition, `$(inherited)` takes the level below, and `$(NAME)`, `${NAME}` and `$(NAME:modifier)`
/// expand. A name nothing sets expands to nothing in settings, as in Xcode; in entitlements it stays as
/// written (`$(TeamIdentifierPrefix)` is set when signing, from the profile), so messages can show it.
package struct BuildSettingsResolver: Sendable {
    /// Lowest first.
    package var levels: [BuildSettingsLevel]
    package var configuration: String
    package var sdk: String
    /// Values every target has: TARGET_NAME, CONFIGURATION, SRCROOT…
    package var builtIns: [String: String]

    package init(levels: [BuildSettingsLevel], configuration: String, sdk: String, targetName: String) {
        self.levels = levels
        self.configuration = configuration
        self.sdk = sdk
        self.builtIns = [
            "TARGET_NAME": targetName, "PRODUCT_NAME": "$(TARGET_NAME)", "CONFIGURATION": configuration,
            "SRCROOT": ".", "PROJECT_DIR": ".", "SOURCE_ROOT": ".", "PLATFORM_NAME": sdk, "EFFECTIVE_PLATFORM_NAME": "",
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        ]
    }

    /// The setting `name` at its highest level, unexpanded, with where it is written.
    package func setting(_ name: String, below level: Int? = nil) -> BuildSetting? {
        for index in stride(from: (level ?? levels.count) - 1, through: 0, by: -1) {
            guard let candidates = levels[index][name] else { continue }
            if let match = candidates.last(where: { !$0.conditions.isEmpty && matches($0.conditions) }) { return match }
            if let plain = candidates.last(where: { $0.conditions.isEmpty }) { return plain }
        }
        return nil
    }

    /// The expanded value of `name`, and where it is written (`nil` location for a built-in value).
    package func value(_ name: String) -> (value: String, location: SourceLocation?)? {
        if let found = setting(name) {
            return (expand(found.value, inheritedFrom: name, depth: 0, keepingUnknown: false), found.location)
        }
        if let builtIn = builtIns[name], builtIn != "$(\(name))" { return (expand(builtIn, depth: 0, keepingUnknown: false), nil) }
        return nil
    }

    /// `text` with every build-setting reference expanded; one nothing sets stays as written when
    /// `keepingUnknown` (entitlements), and is empty otherwise (settings, paths).
    package func expand(_ text: String, keepingUnknown: Bool = true) -> String {
        expand(text, depth: 0, keepingUnknown: keepingUnknown)
    }

    private func matches(_ conditions: [(name: String, pattern: String)]) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.name {
            case "sdk": Self.glob(condition.pattern, sdk)
            case "config": Self.glob(condition.pattern, configuration)
            default: false  // arch, variant: the plain value is what a reader can know
            }
        }
    }

    private func expand(_ text: String, inheritedFrom name: String? = nil, depth: Int, keepingUnknown: Bool) -> String {
        guard text.contains("$"), depth < 16 else { return text }
        var output = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
                  let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}") else {
                output.append("$")
                rest = rest[after...]
                continue
            }
            let reference = String(rest[rest.index(after: after)..<close])
            let parts = reference.split(separator: ":").map(String.init)
            let variable = parts.first ?? ""
            if variable == "inherited" {
                if let name, let level = levelIndex(of: name), let below = setting(name, below: level) {
                    output += expand(below.value, inheritedFrom: name, depth: depth + 1, keepingUnknown: keepingUnknown)
                }
            } else if let found = setting(variable) ?? builtIns[variable].map({ BuildSetting(value: $0, location: nil) }),
                      found.value != "$(\(variable))" {
                // Inside a setting's value, references are settings: one nothing sets is empty, as in Xcode.
                output += Self.apply(parts.dropFirst(), to: expand(found.value, inheritedFrom: variable, depth: depth + 1,
                                                                   keepingUnknown: false))
            } else if keepingUnknown {
                output += rest[dollar...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    private func levelIndex(of name: String) -> Int? {
        stride(from: levels.count - 1, through: 0, by: -1).first { levels[$0][name] != nil }
    }

    /// Xcode's value modifiers: `rfc1034identifier`, `c99extidentifier`, `identifier`, `lower`, `upper`.
    private static func apply(_ modifiers: ArraySlice<String>, to value: String) -> String {
        modifiers.reduce(value) { text, modifier in
            switch modifier {
            case "rfc1034identifier": String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
            case "c99extidentifier", "identifier": String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            case "lower": text.lowercased()
            case "upper": text.uppercased()
            default: text
            }
        }
    }

    /// `*` matches any run of characters, the rest literally.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if let range = rest.firstRange(of: part) {
                rest = rest[range.upperBound...]
            } else {
                return false
            }
        }
        return true
    }
}
