import CKSchemaCore
import CKSchemaDeploy
import CKSchemaModels
import CKSchemaParsing
import CKSchemaPrinting
import CKSchemaService
import Foundation

/// `ckschema init --models PATH [EXPORT] [--production EXPORT]`: adopt an app whose schema is its models. The
/// project is the models plus, in `schemas/`, what the environment holds that they do not make
/// (`ModelSchemaResidue`), so that it is exactly what the environment holds: the first `diff` lists nothing
/// the models do not add.
extension InitCommand {
    func adoptModels() throws(CommandFailure) {
        let read = try serving { () throws(ServiceError) in try ModelSchemaReader.read(models) }
        let derived = ModelSchemaReader.derive(read)
        if derived.hasErrors {
            TextOutput.printToStandardError(derived.diagnostics.filter { $0.severity == .error }, sources: derived.sources)
            throw .rejected("the models cannot be read without errors; nothing was written")
        }
        let development = try export.map { path throws(CommandFailure) in try Self.read(path) }
        let production = try self.production.map { path throws(CommandFailure) in try Self.read(path) }
        let developmentSchema = try development.map { export throws(CommandFailure) in try Self.parse(export).schema }
        let productionSchema = try production.map { export throws(CommandFailure) in try Self.parse(export).schema }
        var exports: [(export: ExportedSchema, schema: Schema)] = []
        if let development, let developmentSchema { exports.append((development, developmentSchema)) }
        if let production, let productionSchema { exports.append((production, productionSchema)) }
        // The environment the project must equal: development when named (production is a part of it).
        let residue = exports.first.map { ModelSchemaResidue(environment: $0.schema, models: derived.schema) }
        let adoption = SchemaAdoption(export: residue?.schema ?? Schema(), extensions: Set(residue?.extensions ?? []))
        let writesSchemas = !adoption.schema.recordTypes.isEmpty || !adoption.schema.roles.isEmpty

        // The tests name the types by the databases the project gives them: the models' types say none (the
        // container's scope is code), so they count as public when granted, as the matrix counts them.
        let access = accessTests ? Self.accessTests(production: productionSchema, development: developmentSchema,
                                                    databases: adoption.schema) : nil
        var files = [(name: "ckschema.yaml", text: modelsConfiguration(writesSchemas: writesSchemas)
                        + (access == nil ? "" : Self.accessEntry))]
        if writesSchemas || access != nil { files.append(("ckschema.schema.json", YAMLFormatJSONSchema.text)) }
        if let held = exports.first, writesSchemas { files += Self.schemaFiles(adoption, from: held.export.origin) }
        if let access { files.append(Self.accessFile(access)) }
        if let development { files.append(("environments/development.ckdb", development.text)) }
        if let production { files.append(("environments/production.ckdb", production.text)) }
        try serving { () throws(ServiceError) in try SchemaFolderWriter.write(files, into: ".", checkingOthers: false) }
        Console.output(modelsSummary(read, derived: derived.schema, residue: residue, adoption: adoption, files: files,
                                     environment: development == nil ? "production" : "development"))
    }

    /// ckschema.yaml naming the models, and the schema files beside them when there are any.
    private func modelsConfiguration(writesSchemas: Bool) -> String {
        let list = models.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" }.joined(separator: ", ")
        return """
            # ckschema project configuration (see docs/configuration.md), written by 'ckschema init --models'.
            # The project's schema is what NSPersistentCloudKitContainer makes of these models (docs/models.md),
            # with the YAML schema files under 'schema:' for what the container holds that the models do not make.
            models: [\(list)]
            \(writesSchemas ? "schema: schemas                      # YAML files or folders\n" : "")
            environments:
              directory: environments            # snapshots: environments/<name>.ckdb

            """
    }

    private func modelsSummary(_ read: ModelSchemaReader.Read, derived: Schema, residue: ModelSchemaResidue?,
                               adoption: SchemaAdoption, files: [(name: String, text: String)],
                               environment: String) -> String {
        let models = read.model.entities.count, types = derived.recordTypes.count(where: { $0.name != "Users" })
        // The access tests sit in schemas/ but are not part of what the environment holds beyond the models.
        let schemaFiles = files.count(where: { $0.name.hasPrefix("schemas/") && $0.name != Self.accessPath })
        var written = files.map(\.name).filter {
            !$0.hasPrefix("schemas/") && $0 != "ckschema.schema.json" || $0 == Self.accessPath
        }
        if files.contains(where: { $0.name == "ckschema.schema.json" }) { written.insert("ckschema.schema.json", at: 1) }
        if schemaFiles > 0 {
            let folder: String = "schemas/ (\(schemaFiles) file\(schemaFiles == 1 ? "" : "s"): what \(environment) holds "
                + "that the models do not make)"
            written.insert(folder, at: 2)
        }
        var list: String = written.dropLast().joined(separator: ", ")
        if written.count > 1 { list += " and " }
        list += written.last ?? ""
        var output: String = "adopted \(models) model\(models == 1 ? "" : "s") (\(types) record type\(types == 1 ? "" : "s")): "
        output += "wrote \(list)\n"
        for conflict in residue?.typeConflicts ?? [] {
            output += "note: \(environment) holds '\(conflict.recordType).\(conflict.field)' as \(conflict.environmentType), "
                + "and the models make it \(conflict.modelsType): the models change a type \(environment) holds "
                + "(check-models reports it)\n"
        }
        return output + Self.notes(adoption, hasProduction: production != nil)
            + "next: ckschema check-models, then ckschema diff (it lists only what the models add to production)\n"
    }
}
