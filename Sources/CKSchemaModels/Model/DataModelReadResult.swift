package import CKSchemaCore

/// What reading models gave: the model and the problems found while reading (a file that does not parse, a
/// property type that cannot be resolved, two models with one entity name), each located. This is the JSON
/// `ckschema-check-code read-models PATH…` prints on standard output for `ckschema` to read.
package struct DataModelReadResult: Hashable, Sendable, Codable {
    /// The version of this JSON shape; a reader refuses another.
    package static let formatVersion = 1

    package var formatVersion: Int
    package var model: DataModel
    package var diagnostics: [DiagnosticRecord]
    /// The files read (models, and the Swift code searched for configurations), for reports.
    package var files: [String]
    /// SwiftData: the models of each `VersionedSchema`, oldest first (the migration plan's `schemas` order),
    /// when the code declares two or more; `nil` otherwise. `check-models --previous-version` compares them.
    package var versions: [DataModelVersion]?
    /// SwiftData: the custom migration stages (`MigrationStage.custom`) the code declares, each named by where it
    /// is written (`Plan.stages`, `Plan.migrateV1toV2`); `nil` when there are none.
    package var customStages: [NamedLocation]?

    package init(model: DataModel, diagnostics: [DiagnosticRecord] = [], files: [String] = [],
                 versions: [DataModelVersion]? = nil, customStages: [NamedLocation]? = nil) {
        self.formatVersion = Self.formatVersion
        self.model = model
        self.diagnostics = diagnostics
        self.files = files
        self.versions = versions
        self.customStages = customStages
    }
}

/// Something named in the code, and where.
package struct NamedLocation: Hashable, Sendable, Codable {
    package var name: String
    package var location: SourceLocation?

    package init(name: String, location: SourceLocation?) {
        self.name = name
        self.location = location
    }
}
