import ArgumentParser
import CKSchemaCore
import CKSchemaDeploy
import CKSchemaFiles
import CKSchemaModels
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaRules
import CKSchemaService
import Foundation

/// `ckschema init [EXPORT] [--production EXPORT] | --backend cktool | --models PATH [EXPORT] [--production EXPORT]`: adopt
/// an existing container, or an app whose schema is its SwiftData / Core Data models.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Adopt an existing container: write ckschema.yaml, schemas/ and the environment snapshots.",
        discussion: """
            Reads development's schema from a .ckdb export (and production's from --production), or with \
            --backend cktool from the live environments (cktool export-schema), and writes, in the current \
            folder: ckschema.yaml, schemas/ with one YAML file per record type (and roles.yaml), \
            ckschema.schema.json for editors, and environments/development.ckdb and production.ckdb, the \
            exports byte for byte. Without a production export, production is taken as empty (never deployed) \
            and no snapshot is written for it. Where the export is not evidence of something (which database a \
            type is used in), a comment asks you to decide. With --access-tests, schemas/access.yaml holds \
            access tests describing who may do what as production grants it (development without a production \
            export), which ckschema.yaml names, so that any later change to the grants is a reviewed diff. \
            With --models PATH (SwiftData Swift files or \
            folders, an .xcdatamodeld), the project's schema is its models: ckschema.yaml lists them under \
            models:, and schemas/ holds only what the export (development's when named, else production's) \
            has that the models do not make: its other record types and roles, a Users that differs, and on \
            the models' types the fields of removed attributes and the indexes and grants added in the \
            Console; --access-tests writes the tests of the export's grants there too. Refuses to overwrite an existing project. \
            Exit status: 0 written, 1 an export is not a valid schema, 2 could not run (an existing project, \
            unreadable input, a cktool failure); on 1 and 2 nothing is written.
            """
    )

    @Argument(help: "Development's schema: a .ckdb export (cktool export-schema or the Console's export).")
    var export: String?

    @Option(name: .long, help: ArgumentHelp("Production's schema: a .ckdb export.", valueName: "export"))
    var production: String?

    @Option(name: .long, help: ArgumentHelp("Adopt an app whose schema is its models: Swift files or folders, an .xcdatamodeld.",
                                            valueName: "path"))
    var models: [String] = []

    @Option(name: .long, help: "directory (read the exports given), or cktool or cktool-js (export both environments live).")
    var backend: DeployBackendKind = .directory

    @Option(name: .long, help: ArgumentHelp("The container, for --backend cktool and ckschema.yaml.", valueName: "id"))
    var containerID: String?

    @Option(name: .long, help: ArgumentHelp("The team, for --backend cktool and ckschema.yaml.", valueName: "id"))
    var teamID: String?

    @Option(name: .long, help: ArgumentHelp("Seconds each cktool call may take.", valueName: "seconds"))
    var timeout: Double = CKToolRunner.defaultTimeout

    @Flag(name: .long, help: "Also write schemas/access.yaml: access tests saying who may do what as production grants it.")
    var accessTests = false

    /// What a project consists of; any of these present means there is one already.
    static let projectEntries = Project.defaultConfigNames + ["schemas", "environments"]

    func validate() throws {
        if !models.isEmpty {
            guard backend == .directory else {
                throw ValidationError("--models reads the environments from their exports (development's named, "
                    + "production's with --production)")
            }
            // The models carry no grants: the tests describe an environment's, so one export must be named.
            guard !accessTests || export != nil || production != nil else {
                throw ValidationError("--access-tests describes the grants an environment holds: name production's "
                    + "export with --production (or development's)")
            }
            return
        }
        switch backend {
        case .directory where export == nil:
            throw ValidationError("name development's export (a .ckdb file), or read the live environments with --backend cktool")
        case .cktool where export != nil || production != nil, .cktoolJS where export != nil || production != nil:
            throw ValidationError("--backend \(backend.rawValue) reads both environments live; drop the export files")
        case .cktool where containerID == nil || teamID == nil, .cktoolJS where containerID == nil || teamID == nil:
            throw ValidationError("--backend \(backend.rawValue) needs --container-id and --team-id")
        default:
            break
        }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() throws {
        if let existing = Self.projectEntries.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw CommandFailure.couldNotRun("'\(existing)' already exists: this folder holds a ckschema project, and init "
                + "never overwrites one; nothing was written")
        }
        if !models.isEmpty { return try adoptModels() }
        let exports = try readExports()
        let development = try Self.parse(exports.development)
        let production = try exports.production.map { export throws(CommandFailure) in try Self.parse(export) }
        let adoption = SchemaAdoption(export: development.schema)
        let access = accessTests ? Self.accessTests(production: production?.schema, development: development.schema,
                                                    databases: adoption.schema) : nil
        var files = [(name: "ckschema.yaml", text: configuration + (access == nil ? "" : Self.accessEntry)),
                     (name: "ckschema.schema.json", text: YAMLFormatJSONSchema.text)]
        files += Self.schemaFiles(adoption, from: exports.development.origin)
        if let access { files.append(Self.accessFile(access)) }
        files.append(("environments/development.ckdb", exports.development.text))
        if let production = exports.production { files.append(("environments/production.ckdb", production.text)) }
        try SchemaFolderWriter.write(files, into: ".", checkingOthers: false)
        Console.output(summary(adoption, files: files, hasProduction: exports.production != nil))
    }

    /// The files of `schemas/`: one per record type (and the roles), each opening with the editor's schema
    /// line, where it was adopted from, and the adoption's comments on its type.
    static func schemaFiles(_ adoption: SchemaAdoption, from origin: String) -> [(name: String, text: String)] {
        YAMLSplitPrinter.files(adoption.schema) { recordType in
            ["yaml-language-server: $schema=../ckschema.schema.json", "Adopted from \(origin) by 'ckschema init'."]
                + (recordType.flatMap { adoption.comments[$0.name] } ?? [])
        }.map { ("schemas/" + $0.name, $0.text) }
    }

    /// The exports, from files or from cktool.
    private func readExports() throws(CommandFailure) -> (development: ExportedSchema, production: ExportedSchema?) {
        switch backend {
        case .directory:
            guard let export else { throw .couldNotRun("no export named") }
            return (try Self.read(export), try production.map { path throws(CommandFailure) in try Self.read(path) })
        case .cktool, .cktoolJS:
            let container = containerID.flatMap { id in teamID.map { CloudKitContainer(containerID: id, teamID: $0) } }
            let backend: any DeployBackend = self.backend == .cktool
                ? CKToolBackend(runner: CKToolRunner(container: container, timeout: timeout))
                : CKToolJSBackend(runner: CKToolJSRunner(container: container, packagesFolder: ".", timeout: timeout))
            InterruptSignals.install()
            return try deploying { () throws(DeployFailure) in
                (try backend.export(.development, lock: nil), try backend.export(.production, lock: nil))
            }
        }
    }

    static func read(_ path: String) throws(CommandFailure) -> ExportedSchema {
        guard SchemaLoader.language(ofPath: path) == .ckdb else {
            throw .couldNotRun("'\(path)' is not a .ckdb export; init adopts a container from its exported schema")
        }
        do {
            let bytes = try InputFile.read(path)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CommandFailure.couldNotRun("'\(path)' is not UTF-8 text")
            }
            return ExportedSchema(text: text, origin: path)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw .couldNotRun("\(error)")
        }
    }

    /// The export's schema; one with errors stops init (exit 1) after its diagnostics.
    static func parse(_ export: ExportedSchema) throws(CommandFailure) -> ParsedSchema {
        let parsed = CKDBParser.parse(SourceFile(path: export.origin, text: export.text))
        if parsed.hasErrors {
            TextOutput.printToStandardError(parsed.diagnostics, sources: parsed.sources)
            throw .rejected("'\(export.origin)' is not a valid schema; nothing was written")
        }
        return parsed
    }

    /// The access tests `--access-tests` writes: production's grants (development's without a production export),
    /// `nil` when no type is public.
    static func accessTests(production: Schema?, development: Schema?, databases adopted: Schema) -> String? {
        guard let granting = production ?? development else { return nil }
        return AccessTestWriter.file(for: granted(granting, databases: adopted),
                                     origin: production == nil ? "development (no production export was given)" : "production")
    }

    /// The path of the access tests `--access-tests` writes, and their text under the editor's schema line.
    static let accessPath = "schemas/access.yaml"
    static func accessFile(_ tests: String) -> (name: String, text: String) {
        (accessPath, "# yaml-language-server: $schema=../ckschema.schema.json\n" + tests)
    }

    /// The grants of `export` with the databases the adoption decided, so that the access tests name only the
    /// types the project keeps in the public database (or leaves undecided).
    private static func granted(_ export: Schema, databases adopted: Schema) -> Schema {
        var schema = export
        for index in schema.recordTypes.indices {
            schema.recordTypes[index].metadata.database = adopted.recordType(named: schema.recordTypes[index].name)?.metadata.database
        }
        return schema
    }

    /// ckschema.yaml's entry naming the access tests `--access-tests` writes.
    static let accessEntry = """

        access:                              # access tests: who may do what (docs/access.md)
          - schemas/access.yaml

        """

    /// ckschema.yaml, with the container when known and each environment's backend.
    private var configuration: String {
        let backendName = backend.rawValue
        var text = """
            # ckschema project configuration (see docs/configuration.md), written by 'ckschema init'.
            schema: schemas                      # YAML files or folders, or one .ckdb file

            environments:
              directory: environments            # snapshots: environments/<name>.ckdb
              development: { backend: \(backendName) }
              production: { backend: \(backendName) }

            """
        if let containerID, let teamID {
            text += """

                cloudkit:                            # used by the cktool and cktool-js backends
                  containerID: \(containerID)
                  teamID: \(teamID)

                """
        }
        return text
    }

    private func summary(_ adoption: SchemaAdoption, files: [(name: String, text: String)], hasProduction: Bool) -> String {
        let schemaFiles = files.count(where: { $0.name.hasPrefix("schemas/") })
        return "adopted \(adoption.schema.recordTypes.count) record type"
            + "\(adoption.schema.recordTypes.count == 1 ? "" : "s"): wrote ckschema.yaml, ckschema.schema.json, "
            + "schemas/ (\(schemaFiles) file\(schemaFiles == 1 ? "" : "s")), environments/development.ckdb"
            + (hasProduction ? " and environments/production.ckdb\n" : "\n")
            + Self.notes(adoption, hasProduction: hasProduction)
            + "next: ckschema lint, then ckschema diff --from development (it should list no changes)\n"
    }

    /// The lines that ask for something: production taken as empty, the databases to decide.
    static func notes(_ adoption: SchemaAdoption, hasProduction: Bool) -> String {
        var output = ""
        if !hasProduction {
            output += "note: no production export: production is taken as an empty environment, never deployed; if it "
                + "has a schema, record it with 'ckschema pull production --backend cktool'\n"
        }
        if !adoption.undecided.isEmpty {
            output += "decide: the database of \(adoption.undecided.map { "'\($0)'" }.joined(separator: ", ")) (see the "
                + "'# decide:' comment in each file)\n"
        }
        return output
    }
}
