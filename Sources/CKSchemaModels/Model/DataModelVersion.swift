/// One version of an app's models: a SwiftData `VersionedSchema` (its name, `SchemaV2`) and the models it
/// declares.
package struct DataModelVersion: Hashable, Sendable, Codable {
    package var name: String
    package var model: DataModel

    package init(name: String, model: DataModel) {
        self.name = name
        self.model = model
    }
}
