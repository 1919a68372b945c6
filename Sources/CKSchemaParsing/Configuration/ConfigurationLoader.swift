package import CKSchemaCore

/// Reads `ckschema.yaml` into a `ProjectConfiguration`. Unknown keys (`config_unknown_key`) and values of the
/// wrong kind (`config_invalid_value`) are located errors; reading goes on so that one run reports them all.
/// An empty file means the defaults. Rule IDs named under `lint` are checked later, against the registry.
package enum ConfigurationLoader {
    /// Reads `file`, whose relative paths are relative to `directory`.
    package static func load(_ file: SourceFile, directory: String) -> (configuration: ProjectConfiguration,
                                                                       diagnostics: [Diagnostic]) {
        let composition = YAMLComposer.compose(file)
        var reader = ConfigurationReader(document: composition.document)
        reader.configuration.directory = directory
        reader.diagnostics = composition.diagnostics.filter { $0.id != .emptyFile }
        if let root = composition.document.root {
            reader.readRoot(root)
        }
        return (reader.configuration, reader.diagnostics)
    }
}

/// The typed walk over a configuration document.
struct ConfigurationReader {
    let document: YAMLDocument
    var configuration = ProjectConfiguration()
    var diagnostics: [Diagnostic] = []

    mutating func readRoot(_ root: Int) {
        for (key, value) in entries(of: root, in: "the configuration", known: ["schema", "models", "environments", "cloudkit", "lint", "code", "diff", "access", "generate", "doctor"]) {
            switch key {
            case "schema": if let paths = strings(value, for: "'schema'", allowSingle: true) { configuration.schemaPaths = paths }
            case "environments": readEnvironments(value)
            case "cloudkit": readCloudKit(value)
            case "lint": readRules(value, into: \.lint, section: "lint", extraKeys: [])
            case "code": readRules(value, into: \.code.rules, section: "code", extraKeys: ["paths"])
            case "models": readModels(value)
            case "doctor": readRules(value, into: \.doctor, section: "doctor", extraKeys: [])
            case "diff": readDiff(value)
            case "access": readAccess(value, allowingFiles: true)
            default: readGenerate(value)
            }
        }
    }

    private mutating func readEnvironments(_ index: Int) {
        let names = CloudKitEnvironment.allCases.map(\.rawValue)
        for (key, value) in entries(of: index, in: "'environments'", known: ["directory"] + names) {
            if key == "directory" {
                if let text = scalar(value, for: "'environments.directory'") { configuration.environmentsDirectory = text }
                continue
            }
            guard let environment = CloudKitEnvironment(rawValue: key) else { continue }
            for (_, backend) in entries(of: value, in: "'environments.\(key)'", known: ["backend"]) {
                let choices = DeployBackendKind.allCases.map { ($0.rawValue, $0) }
                if let kind = choice(backend, among: choices, for: "'environments.\(key).backend'") {
                    configuration.environments[environment] = EnvironmentSettings(backend: kind)
                }
            }
        }
    }

    private mutating func readCloudKit(_ index: Int) {
        for (key, value) in entries(of: index, in: "'cloudkit'", known: ["containerID", "teamID", "nodePackages"]) {
            let text = scalar(value, for: "'cloudkit.\(key)'")
            if key == "containerID" {
                if let text, !text.hasPrefix("iCloud.") {
                    invalid(value, "'cloudkit.containerID' must start with 'iCloud.' (e.g. iCloud.com.example.App)")
                }
                configuration.containerID = text
            } else if key == "nodePackages" {
                configuration.nodePackages = text
            } else {
                configuration.teamID = text
            }
        }
    }

    /// A rule-selection section (`lint:`, `code:`): `disable`, `enable`, `severity`, `ignore`, plus the section's
    /// own keys (`code.paths`).
    private mutating func readRules(_ index: Int, into settings: WritableKeyPath<ProjectConfiguration, LintSettings>,
                                    section: String, extraKeys: [String]) {
        for (key, value) in entries(of: index, in: "'\(section)'", known: ["disable", "enable", "severity", "ignore"] + extraKeys) {
            switch key {
            case "disable": configuration[keyPath: settings].disabled = Set(ruleNames(value, for: "'\(section).disable'", into: settings))
            case "enable": configuration[keyPath: settings].enabled = Set(ruleNames(value, for: "'\(section).enable'", into: settings))
            case "ignore":
                configuration[keyPath: settings].ignoredPaths = strings(value, for: "'\(section).ignore'", allowSingle: false) ?? []
            case "paths":
                guard let paths = strings(value, for: "'\(section).paths'", allowSingle: true) else { continue }
                if section == "models" { configuration.models.paths = paths } else { configuration.code.paths = paths }
            case "shipped":
                configuration.models.shipped = scalar(value, for: "'models.shipped'")
            default: readSeverities(value, into: settings, section: section)
            }
        }
    }

    /// `models: [App/Models, App/Model.xcdatamodeld]`, or a mapping with `paths`, `shipped` (a git revision) and
    /// rule selection.
    private mutating func readModels(_ index: Int) {
        guard document[index].kind == .mapping else {
            configuration.models.paths = strings(index, for: "'models'", allowSingle: true) ?? []
            return
        }
        readRules(index, into: \.models.rules, section: "models", extraKeys: ["paths", "shipped"])
    }

    private mutating func readSeverities(_ index: Int, into settings: WritableKeyPath<ProjectConfiguration, LintSettings>,
                                         section: String) {
        guard isMapping(index, for: "'\(section).severity'") else { return }
        for (key, value) in document.pairs(of: index) {
            guard let id = scalar(key, for: "a rule ID") else { continue }
            configuration[keyPath: settings].references.append(NamedReference(name: id, location: document.location(of: key)))
            let choices: [(String, Severity?)] = Severity.allCases.map { ($0.rawValue, $0) } + [("off", nil)]
            if let level = choice(value, among: choices, for: "the severity of '\(id)'") {
                configuration[keyPath: settings].severities[id] = level
            }
        }
    }

    private mutating func readDiff(_ index: Int) {
        for (_, value) in entries(of: index, in: "'diff'", known: ["indexRemoval"]) {
            let choices: [(String, Severity)] = [("warning", .warning), ("error", .error)]
            if let severity = choice(value, among: choices, for: "'diff.indexRemoval'") {
                configuration.diff.indexRemovalSeverity = severity
            }
        }
    }

    private mutating func readGenerate(_ index: Int) {
        guard isMapping(index, for: "'generate'") else { return }
        for (key, value) in document.pairs(of: index) {
            guard let name = scalar(key, for: "a generator name") else { continue }
            var settings = GeneratorSettings()
            guard isMapping(value, for: "'generate.\(name)'") else { continue }
            for (optionKey, optionValue) in document.pairs(of: value) {
                guard let option = scalar(optionKey, for: "an option name"),
                      let text = scalar(optionValue, for: "'generate.\(name).\(option)'") else { continue }
                if option == "output" { settings.output = text } else { settings.options[option] = text }
            }
            configuration.generators[name] = settings
        }
    }

    // MARK: - Reading helpers

    /// The entries of the mapping at `index` whose keys are in `known`; other keys are reported.
    mutating func entries(of index: Int, in place: String, known: [String]) -> [(String, Int)] {
        guard isMapping(index, for: place) else { return [] }
        var found: [(String, Int)] = []
        for (key, value) in document.pairs(of: index) {
            guard let name = scalar(key, for: "a key") else { continue }
            guard known.contains(name) else {
                let suggestion = YAMLSuggestions.key(name, among: known)
                let expected = suggestion == nil ? "; expected \(known.map { "'\($0)'" }.joined(separator: ", "))" : ""
                diagnostics.append(.error(.configUnknownKey,
                                          "unknown key '\(name)' in \(place)\(YAMLSuggestions.didYouMean(suggestion))\(expected)",
                                          at: document.location(of: key)))
                continue
            }
            found.append((name, value))
        }
        return found
    }

    mutating func isMapping(_ index: Int, for what: String) -> Bool {
        let node = document[index]
        if node.kind == .mapping { return true }
        if node.kind == .scalar, node.isNull { return false }  // `lint:` with nothing under it: defaults
        invalid(index, "\(what) must be a mapping")
        return false
    }

    mutating func scalar(_ index: Int, for what: String) -> String? {
        let node = document[index]
        guard node.kind == .scalar, !node.isNull else {
            invalid(index, "\(what) must be text")
            return nil
        }
        return document.texts[index]
    }

    /// A list of texts (or, when `allowSingle`, one text).
    mutating func strings(_ index: Int, for what: String, allowSingle: Bool) -> [String]? {
        let node = document[index]
        if allowSingle, node.kind == .scalar, !node.isNull { return [document.texts[index]] }
        guard node.kind == .sequence else {
            if node.kind == .scalar, node.isNull { return [] }
            invalid(index, "\(what) must be a list\(allowSingle ? " or a single path" : "")")
            return nil
        }
        return document.items(of: index).compactMap { scalar($0, for: "an entry of \(what)") }
    }

    /// A list of rule IDs or categories, remembering where each was written.
    private mutating func ruleNames(_ index: Int, for what: String,
                                    into settings: WritableKeyPath<ProjectConfiguration, LintSettings>) -> [String] {
        guard let names = strings(index, for: what, allowSingle: false) else { return [] }
        if document[index].kind == .sequence {
            for (item, name) in zip(document.items(of: index), names) {
                configuration[keyPath: settings].references.append(NamedReference(name: name, location: document.location(of: item)))
            }
        }
        return names
    }

    private mutating func choice<Value>(_ index: Int, among choices: [(String, Value)], for what: String) -> Value? {
        let node = document[index]
        if node.kind == .scalar, let match = choices.first(where: { $0.0 == document.texts[index].lowercased() }) {
            return match.1
        }
        invalid(index, "\(what) must be \(choices.map { "'\($0.0)'" }.joined(separator: ", "))")
        return nil
    }

    mutating func invalid(_ index: Int, _ message: String) {
        diagnostics.append(.error(.configInvalidValue, message, at: document.location(of: index)))
    }
}
