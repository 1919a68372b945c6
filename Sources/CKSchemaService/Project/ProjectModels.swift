package import CKSchemaCore
import CKSchemaModels
import CKSchemaParsing
import Foundation

/// A project whose schema is (also) its models: `models:` in `ckschema.yaml`. The project schema is then the
/// union of the YAML schema files (when there are any) and the schema the models make (`ModelSchemaUnion`).
extension Project {
    /// True when the configuration names models.
    package var hasModels: Bool { !configuration.models.paths.isEmpty }

    /// The model paths, resolved against the configuration's folder.
    package var modelPaths: [String] { configuration.models.paths.map(path) }

    /// What the project's models are, read.
    package func readProjectModels() throws(ServiceError) -> ModelSchemaReader.Read {
        try ModelSchemaReader.read(modelPaths)
    }

    /// The project schema: its models' schema, with the YAML schema files beside them when they exist.
    package func loadProjectSchema() throws(ServiceError) -> ParsedSchema {
        let models = ModelSchemaReader.derive(try readProjectModels())
        let written = schemaPaths.filter { FileManager.default.fileExists(atPath: $0) }
        guard !written.isEmpty else { return models }
        let schema: ParsedSchema
        do {
            schema = try SchemaLoader.loadOne(paths: written)
        } catch {
            throw .couldNotRun(error.description)
        }
        return ModelSchemaUnion.union(written: schema, models: models)
    }
}
