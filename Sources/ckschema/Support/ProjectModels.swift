import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import Foundation

/// A project whose schema is (also) its models: `models:` in `ckschema.yaml`. The project schema is then the
/// union of the YAML schema files (when there are any) and the schema the models make; a record type both
/// declare is a located error, and the models' `Users` gives way to a hand-written one.
extension Project {
    /// True when the configuration names models.
    var hasModels: Bool { !configuration.models.paths.isEmpty }

    /// The model paths, resolved against the configuration's folder.
    var modelPaths: [String] { configuration.models.paths.map(path) }

    /// What the project's models are, read.
    func readProjectModels() throws(CommandFailure) -> ModelSchemaReader.Read {
        try ModelSchemaReader.read(modelPaths)
    }

    /// The project schema: its models' schema, with the YAML schema files beside them when they exist.
    func loadProjectSchema() throws(CommandFailure) -> ParsedSchema {
        let models = ModelSchemaReader.derive(try readProjectModels())
        let written = schemaPaths.filter { FileManager.default.fileExists(atPath: $0) }
        guard !written.isEmpty else { return models }
        let schema: ParsedSchema
        do {
            schema = try SchemaLoader.loadOne(paths: written)
        } catch {
            throw .couldNotRun(error.description)
        }
        return Self.union(written: schema, models: models)
    }

    /// The hand-written schema and the models' schema as one.
    static func union(written: ParsedSchema, models: ParsedSchema) -> ParsedSchema {
        var union = written
        union.sourceMap.merge(models.sourceMap)
        union.sources += models.sources
        union.diagnostics += models.diagnostics
        for recordType in models.schema.recordTypes {
            guard written.schema.recordType(named: recordType.name) != nil else {
                union.schema.recordTypes.append(recordType)
                continue
            }
            if recordType.name == "Users" { continue }
            let here = written.sourceMap.location(of: .recordType(recordType.name))
            let there = models.sourceMap.location(of: .recordType(recordType.name))
            union.diagnostics.append(.error(
                .schemaConflict,
                "record type '\(recordType.name)' is declared in the schema files and made by the models too; "
                    + "remove one (the models' types are derived from them)",
                at: here, subject: .recordType(recordType.name),
                notes: there.map { [Note("the model that makes '\(recordType.name)' is here", at: $0)] } ?? []))
        }
        return union
    }
}
