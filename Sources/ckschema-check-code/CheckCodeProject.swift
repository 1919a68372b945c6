import ArgumentParser
import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaParsing
import CKSchemaRules
import Foundation

/// The project `check-code` runs in: the configuration (`ckschema.yaml`), the schema to check against and
/// the Swift code to read. Every failure here is a could-not-run (exit 2) with one clear sentence.
struct CheckCodeProject {
    let configuration: ProjectConfiguration

    /// The schema the code is checked against, with how messages name it.
    struct Target {
        var schema: Schema
        var name: String
        /// The environment whose snapshot `schema` is, when it is one.
        var environment: CloudKitEnvironment?
        var sources: [SourceFile]
        /// Notes about the schema (a missing snapshot).
        var diagnostics: [Diagnostic]
    }

    /// Reads `configPath`, or `ckschema.yaml`/`ckschema.yml` in the current folder when present.
    static func load(configPath: String?) throws -> CheckCodeProject {
        let path = configPath ?? ["ckschema.yaml", "ckschema.yml"].first { FileManager.default.fileExists(atPath: $0) }
        guard let path else { return CheckCodeProject(configuration: ProjectConfiguration()) }
        let file: SourceFile
        do {
            file = try SchemaLoader.read(path)
        } catch {
            throw Output.couldNotRun("configuration \(error)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let loaded = ConfigurationLoader.load(file, directory: directory.isEmpty ? "." : directory)
        let problems = loaded.diagnostics
            + RuleSelectionCheck.diagnostics(for: loaded.configuration.code.rules, rules: CodeRules.descriptions)
        if problems.containsErrors {
            Output.diagnosticsToStandardError(problems, sources: [file])
            throw Output.couldNotRun("the configuration '\(path)' is invalid")
        }
        return CheckCodeProject(configuration: loaded.configuration)
    }

    /// `relative` against the configuration's folder.
    func path(_ relative: String) -> String {
        if relative.hasPrefix("/") || configuration.directory == "." { return relative }
        return (configuration.directory as NSString).appendingPathComponent(relative)
    }

    /// The snapshot of `environment`.
    func snapshot(_ environment: CloudKitEnvironment) -> String {
        (path(configuration.environmentsDirectory) as NSString).appendingPathComponent("\(environment.rawValue).ckdb")
    }

    /// `--schema S…` (paths or an environment name), else the snapshot of `--against` (default production).
    /// A missing snapshot is an empty environment, as everywhere in ckschema; a schema with errors stops the run.
    func loadSchema(against: CloudKitEnvironment?, schema arguments: [String]) throws -> Target {
        var paths = arguments
        var name = arguments.joined(separator: ", ")
        if arguments.count == 1, let environment = CloudKitEnvironment(rawValue: arguments[0]),
           !FileManager.default.fileExists(atPath: arguments[0]) {
            paths = [snapshot(environment)]
            name = environment.rawValue
        }
        if paths.isEmpty {
            let environment = against ?? .production
            let file = snapshot(environment)
            name = environment.rawValue
            guard FileManager.default.fileExists(atPath: file) else {
                let note = Diagnostic(id: .codeFileSkipped, severity: .note,
                                      message: "'\(file)' does not exist: \(name) is checked as an empty environment")
                return Target(schema: Schema(), name: name, environment: environment, sources: [], diagnostics: [note])
            }
            paths = [file]
        }
        let parsed: ParsedSchema
        do {
            parsed = try SchemaLoader.loadOne(paths: paths)
        } catch {
            throw Output.couldNotRun(error.description)
        }
        if parsed.hasErrors {
            Output.diagnosticsToStandardError(parsed.diagnostics, sources: parsed.sources)
            throw Output.couldNotRun("the schema \(name) has errors; fix them first (ckschema lint)")
        }
        return Target(schema: parsed.schema, name: name, environment: environment(snapshotAt: paths),
                      sources: parsed.sources, diagnostics: [])
    }

    /// The project schema (`schema:` in ckschema.yaml), for the field migrations a snapshot does not keep;
    /// `nil` when there is none or it does not parse (lint and the other commands report that).
    func projectSchema() -> Schema? {
        let paths = configuration.schemaPaths.map(path).filter { FileManager.default.fileExists(atPath: $0) }
        guard !paths.isEmpty, let parsed = try? SchemaLoader.loadOne(paths: paths), !parsed.hasErrors else { return nil }
        return parsed.schema
    }

    /// The environment whose snapshot `paths` is: one path, the snapshot's, however it was named (an
    /// environment's name, `--against`, or the path itself).
    private func environment(snapshotAt paths: [String]) -> CloudKitEnvironment? {
        guard paths.count == 1 else { return nil }
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let given = absolute(paths[0])
        return CloudKitEnvironment.allCases.first { absolute(snapshot($0)) == given }
    }

    /// Reads the Swift code under `arguments`, else `code.paths`; no Swift file at all stops the run.
    func analyze(_ arguments: [String]) throws -> CodeAnalysis {
        let paths = arguments.isEmpty ? configuration.code.paths.map(path) : arguments
        let analysis: CodeAnalysis
        do {
            analysis = try CodeAnalyzer.analyze(paths: paths)
        } catch {
            let hint = arguments.isEmpty ? " (give Swift files or folders, or set code.paths in ckschema.yaml)" : ""
            throw Output.couldNotRun("\(error.description)\(hint)")
        }
        guard !analysis.sources.isEmpty else {
            throw Output.couldNotRun("no Swift files to check in \(paths.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return analysis
    }
}
