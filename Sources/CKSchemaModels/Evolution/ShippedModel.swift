/// The model a change is judged against: the one in users' hands (a git revision, the previous `.xcdatamodeld`
/// version, the previous `VersionedSchema`), and how messages name it (`v2.3.0`, `Model 2.xcdatamodel`).
package typealias ShippedModel = DataModelVersion
