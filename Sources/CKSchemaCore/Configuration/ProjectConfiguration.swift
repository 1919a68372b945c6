/// The project configuration (`ckschema.yaml`): where the schema and the environment snapshots live, how
/// each environment is deployed, and how lint, diff and the generators behave. Paths are relative to
/// `directory`, the folder holding the configuration file.
package struct ProjectConfiguration: Hashable, Sendable {
    /// The folder the configuration file is in (`.` when there is no file).
    package var directory: String
    /// The project schema: YAML files or folders, or one `.ckdb` file.
    package var schemaPaths: [String]
    /// The folder holding `<environment>.ckdb` snapshots.
    package var environmentsDirectory: String
    /// Per-environment deploy settings.
    package var environments: [CloudKitEnvironment: EnvironmentSettings]
    /// The iCloud container (`iCloud.com.example.App`), for the cktool backend.
    package var containerID: String?
    /// The Apple developer team ID, for the cktool backend.
    package var teamID: String?
    /// The folder whose `node_modules` holds CKTool JS, for the cktool-js backend; `nil`: the project folder.
    package var nodePackages: String?
    package var lint: LintSettings
    /// `ckschema check-code`: where the app's Swift code is, and which code rules run (same keys as `lint`).
    package var code: CodeSettings
    /// `models:` — the SwiftData / Core Data model paths whose derived schema joins the project schema, and
    /// the selection of `check-models` rules.
    package var models: ModelSettings = ModelSettings()
    /// `doctor:` — the selection and severities of the app rules of `ckschema doctor` (same keys as `lint`).
    package var doctor: LintSettings = LintSettings()
    package var diff: DiffSettings
    /// `access:` — the access tests `ckschema access --check` and `lint` run against the project schema.
    package var access: AccessSettings = AccessSettings()
    /// Settings per generator name (`swift`, `docs`, an external plugin's name).
    package var generators: [String: GeneratorSettings]

    package init(
        directory: String = ".",
        schemaPaths: [String] = ["schemas"],
        environmentsDirectory: String = "environments",
        environments: [CloudKitEnvironment: EnvironmentSettings] = [:],
        containerID: String? = nil,
        teamID: String? = nil,
        nodePackages: String? = nil,
        lint: LintSettings = LintSettings(),
        code: CodeSettings = CodeSettings(),
        diff: DiffSettings = DiffSettings(),
        generators: [String: GeneratorSettings] = [:]
    ) {
        self.directory = directory
        self.schemaPaths = schemaPaths
        self.environmentsDirectory = environmentsDirectory
        self.environments = environments
        self.containerID = containerID
        self.teamID = teamID
        self.nodePackages = nodePackages
        self.lint = lint
        self.code = code
        self.diff = diff
        self.generators = generators
    }

    /// The deploy settings of `environment` (defaults when the file says nothing).
    package func settings(for environment: CloudKitEnvironment) -> EnvironmentSettings {
        environments[environment] ?? EnvironmentSettings()
    }
}

/// CloudKit's two environments.
package enum CloudKitEnvironment: String, Hashable, Sendable, CaseIterable, Codable {
    case development
    case production
}

/// How one environment is deployed.
package struct EnvironmentSettings: Hashable, Sendable {
    /// The deploy backend.
    package var backend: DeployBackendKind

    package init(backend: DeployBackendKind = .directory) {
        self.backend = backend
    }
}

/// The ways ckschema can apply a schema to an environment.
package enum DeployBackendKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// The environment is its snapshot file: fully offline.
    case directory
    /// `xcrun cktool` (or `$CKTOOL`) against the real container: macOS with Xcode.
    case cktool
    /// Apple's CKTool JS (`@apple/cktool.database`, `@apple/cktool.target.nodejs`) run by `node` against the real
    /// container: any system with Node.js 18 or later, Linux CI included.
    case cktoolJS = "cktool-js"

    /// Whether the backend talks to a real container (rather than being its snapshot files).
    package var isLive: Bool { self != .directory }
}

/// Which lint rules run and how severe their findings are.
package struct LintSettings: Hashable, Sendable {
    /// Rule IDs or category names switched off.
    package var disabled: Set<String>
    /// Rule IDs or category names switched on (for rules that are off by default).
    package var enabled: Set<String>
    /// Per rule ID: a new severity, or `nil` for off.
    package var severities: [String: Severity?]
    /// Path globs whose findings are dropped (`schemas/legacy/**`).
    package var ignoredPaths: [String]
    /// Where each rule ID or category was named in the configuration, to locate unknown names.
    package var references: [NamedReference]

    package init(disabled: Set<String> = [], enabled: Set<String> = [], severities: [String: Severity?] = [:],
                ignoredPaths: [String] = [], references: [NamedReference] = []) {
        self.disabled = disabled
        self.enabled = enabled
        self.severities = severities
        self.ignoredPaths = ignoredPaths
        self.references = references
    }
}

/// The `code:` section: the Swift code `ckschema check-code` reads by default and its rule selection.
package struct CodeSettings: Hashable, Sendable {
    /// Swift files or folders, relative to the configuration's folder (default: `Sources`).
    package var paths: [String]
    /// Rule selection, severities and ignored paths, as for lint.
    package var rules: LintSettings

    package init(paths: [String] = ["Sources"], rules: LintSettings = LintSettings()) {
        self.paths = paths
        self.rules = rules
    }
}

/// A name (rule ID, category) written in a configuration file, with where it was written.
/// `models:` in `ckschema.yaml`: a list of paths, or a mapping with `paths` and rule selection.
package struct ModelSettings: Hashable, Sendable {
    /// Swift files or folders, `.xcdatamodeld` bundles, `.xcdatamodel` folders; empty: no models.
    package var paths: [String]
    package var rules: LintSettings
    /// `shipped:` — the git revision of the models in users' hands (`v2.3.0`), which `check-models` compares
    /// the models with when no `--since` is given.
    package var shipped: String?

    package init(paths: [String] = [], rules: LintSettings = LintSettings(), shipped: String? = nil) {
        self.paths = paths
        self.rules = rules
        self.shipped = shipped
    }
}

package struct NamedReference: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation?

    package init(name: String, location: SourceLocation?) {
        self.name = name
        self.location = location
    }
}

/// How `ckschema diff` classifies changes that CloudKit accepts but that may hurt.
package struct DiffSettings: Hashable, Sendable {
    /// The severity of an index present in the baseline and absent in the candidate (§9 rule 27).
    package var indexRemovalSeverity: Severity

    package init(indexRemovalSeverity: Severity = .warning) {
        self.indexRemovalSeverity = indexRemovalSeverity
    }
}

/// Settings of one generator.
package struct GeneratorSettings: Hashable, Sendable {
    /// Where the generator writes (relative to the configuration's folder).
    package var output: String?
    /// Generator-specific options (`access: public`).
    package var options: [String: String]

    package init(output: String? = nil, options: [String: String] = [:]) {
        self.output = output
        self.options = options
    }
}
