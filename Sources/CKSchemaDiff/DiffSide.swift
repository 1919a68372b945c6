import CKSchemaCore

/// One side of a comparison, indexed once: record types by name (first definition wins, as CloudKit would
/// refuse a second), locations by path (the source map's index), and system-field types as the text wrote them.
struct DiffSide {
    let schema: Schema
    let recordTypes: [String: RecordType]
    let roles: Set<String>
    private let sourceMap: SourceMap
    /// Per system field written with a type other than its fixed one: the written type and where it is.
    private let writtenSystemFieldTypes: [SchemaPath: (type: String, location: SourceLocation)]

    init(schema: Schema, sourceMap: SourceMap) {
        self.schema = schema
        self.recordTypes = Dictionary(schema.recordTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.roles = Set(schema.roles.map(\.name))
        self.sourceMap = sourceMap
        var written: [SchemaPath: (type: String, location: SourceLocation)] = [:]
        for fact in sourceMap.facts(.systemFieldWrongType) {
            guard let subject = fact.subject, written[subject] == nil else { continue }
            written[subject] = (fact.text, fact.location)
        }
        self.writtenSystemFieldTypes = written
    }

    /// Where `path` is written, or its nearest enclosing element that is.
    func location(of path: SchemaPath) -> SourceLocation? {
        sourceMap.location(of: path)
    }

    /// The type a system field of `recordType` is written with on this side, and where that type is written:
    /// the fixed type unless the text declared another one.
    func systemFieldType(_ field: SystemField, in recordType: String) -> (type: String, location: SourceLocation?) {
        let path = SchemaPath.systemField(recordType, field)
        if let written = writtenSystemFieldTypes[path] { return (written.type, written.location) }
        return (field.type.description, location(of: path))
    }
}
