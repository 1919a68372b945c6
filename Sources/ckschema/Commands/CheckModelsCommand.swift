import ArgumentParser
import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import CKSchemaRules
import CKSchemaService

/// `ckschema check-models [PATH…] [--against ENV | --schema S]`: SwiftData and Core Data models, judged for
/// CloudKit compatibility and against the schema the app ships to (rollout), in one report.
struct CheckModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-models",
        abstract: "Check SwiftData and Core Data models against CloudKit and the schema the app ships to.",
        discussion: """
            Two verdicts in one report: compatibility (what NSPersistentCloudKitContainer refuses: unique \
            constraints, attributes neither optional nor defaulted, required relationships, missing inverses, \
            Deny rules, ordered relationships, unsupported types) and rollout (record types and fields the models \
            create that the environment lacks, type changes, missing _ckAsset and move-receipt fields). PATHs are \
            Swift files or folders (read by ckschema-check-code), .xcdatamodeld bundles or .xcdatamodel folders \
            (default: models in ckschema.yaml). The environment is production's snapshot unless --against or \
            --schema says otherwise; a missing snapshot is an empty environment. Findings are silenced with \
            'ckschema:disable-next-line RULE' in a comment, and configured under models: in ckschema.yaml. \
            With --since REF (or models: { shipped: REF } in ckschema.yaml) the models are also compared with the \
            same paths at that git revision, and changes unsafe for a store that has synced are reported (renames, \
            type changes, dropped defaults, removals…); --previous-version compares each .xcdatamodeld's current \
            version (and the last SwiftData VersionedSchema of the migration plan) with the one before it, \
            --all-versions every version with the next. \
            Exit status: 0 clean (warnings allowed), 1 findings (or warnings with --strict), 2 could not run \
            (no models found; a revision, path or model that cannot be read).
            """
    )

    @Argument(help: "Swift files or folders, .xcdatamodeld bundles, .xcdatamodel folders (default: models in ckschema.yaml).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The environment the app ships to: its snapshot (default: production).",
                                            valueName: "environment"))
    var against: String?

    @Option(name: .long, help: ArgumentHelp("Any schema instead of an environment: YAML, .ckdb, git:REF:PATH.",
                                            valueName: "schema"))
    var schema: String?

    @Option(name: .long, help: ArgumentHelp("Also compare with the models at this git revision, the version that shipped "
                                            + "(default: models.shipped in ckschema.yaml).", valueName: "revision"))
    var since: String?

    @Flag(name: .long, help: "Also compare each .xcdatamodeld's current version, and the last VersionedSchema, with the one before it.")
    var previousVersion = false

    @Flag(name: .long, help: "Also compare every .xcdatamodeld version and VersionedSchema with the next.")
    var allVersions = false

    @OptionGroup var project: ProjectOptions
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if against != nil && schema != nil { throw ValidationError("give --against or --schema, not both") }
        if let against, CloudKitEnvironment(rawValue: against) == nil {
            throw ValidationError("--against takes an environment name: development or production")
        }
    }

    func run() throws {
        let project = try Project.load(project)
        let modelPaths = paths.isEmpty ? project.modelPaths : paths
        guard !modelPaths.isEmpty else {
            throw CommandFailure.couldNotRun("no models to check: name Swift files, an .xcdatamodeld or a folder, or list "
                + "them under 'models:' in ckschema.yaml")
        }
        let read = try ModelSchemaReader.read(modelPaths)
        let target = schema ?? against ?? CloudKitEnvironment.production.rawValue
        let environment = try Self.loadEnvironment(target, project: project)
        let settings = project.configuration.models.rules
        let evolution = try ModelEvolutionInputs.read(
            since: since ?? project.configuration.models.shipped, paths: modelPaths,
            versions: allVersions ? .all : previousVersion ? .previous : nil, current: read, settings: settings)
        var diagnostics = project.diagnostics + read.diagnostics + evolution.diagnostics + ModelRules.combined(ModelRules.check(
            read.model, environment: environment.schema, environmentName: target, shipped: evolution.shipped,
            disabled: settings.disabled, enabled: settings.enabled, severities: settings.severities) + evolution.findings)
        let known = read.sources + evolution.sources
        let sources = known + Self.sources(of: diagnostics, besides: known)
        let suppressions = Suppressions(sources: sources)
        diagnostics = Diagnostic.sortedForOutput(diagnostics.filter { !suppressions.suppresses($0) })
        reporting.report(diagnostics, sources: sources + environment.sources + [project.configFile].compactMap { $0 })
        if diagnostics.isEmpty {
            Console.error("\(read.model.entities.count) model\(read.model.entities.count == 1 ? "" : "s") against \(target)"
                + evolution.summary + ": no problems")
        }
        if reporting.fails(diagnostics) {
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// The schema the models are checked against: an environment's snapshot (missing: empty, said once) or any
    /// schema.
    private static func loadEnvironment(_ target: String, project: Project) throws(CommandFailure) -> ParsedSchema {
        let parsed = try project.loadSchema([target])
        if parsed.hasErrors {
            throw .couldNotRun("the schema '\(target)' is invalid; run ckschema lint \(target)")
        }
        return parsed
    }

    /// The Swift files findings point into, read so that reports show the line and suppressions apply.
    private static func sources(of diagnostics: [Diagnostic], besides known: [SourceFile]) -> [SourceFile] {
        let have = Set(known.map(\.path))
        var paths: [String] = []
        for diagnostic in diagnostics {
            guard let file = diagnostic.location?.file, !have.contains(file), !paths.contains(file) else { continue }
            paths.append(file)
        }
        return paths.compactMap { try? SchemaLoader.read($0) }
    }
}
