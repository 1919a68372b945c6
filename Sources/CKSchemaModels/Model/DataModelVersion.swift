/// One version of an app's models and its name: a SwiftData `VersionedSchema` (`SchemaV2`), an `.xcdatamodel`
/// version, the models at a git revision (`v2.3.0`).
package struct DataModelVersion: Hashable, Sendable, Codable {
    package var model: DataModel
    package var name: String

    package init(model: DataModel, name: String) {
        self.model = model
        self.name = name
    }
}
