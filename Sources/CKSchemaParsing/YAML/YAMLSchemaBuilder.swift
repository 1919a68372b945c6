import CKSchemaCore

/// Merges what the YAML files of one schema say into one `Schema`, in file order.
///
/// Record types, fields and roles keep the order they were first seen in. A field defined again in a later
/// file keeps its first definition and leaves a `fieldRedeclaredAcrossFiles` fact; a record-type setting
/// (`database`, `doc`, `swiftName`, a `systemFields` entry, `grants`) given a different value in a later
/// file is a `schema_conflict` error, and the first value is kept.
///
/// The stored properties skip dynamic exclusivity checks: the builder is used by one reader at a time and
/// never hands out overlapping accesses, and the checks showed in profiles of 40,000-field schemas.
final class YAMLSchemaBuilder {
    /// Where a record-type setting was first given.
    private struct Origin {
        var location: SourceLocation
        var file: Int
    }

    @exclusivity(unchecked) private(set) var schema = Schema()
    /// Every position recorded, in reading order; `sourceMap()` indexes them once reading is done.
    @exclusivity(unchecked) private var positions: [SourceMap.Entry] = []
    /// What the text said beyond the model, in reading order.
    @exclusivity(unchecked) private var facts: [SyntaxFact] = []
    @exclusivity(unchecked) private(set) var diagnostics: [Diagnostic] = []
    /// The ordinal of the file being read; settings from the same file never conflict with each other.
    private var currentFile = 0
    @exclusivity(unchecked) private var typeIndexByName: [String: Int] = [:]
    /// Per record type, each field's index in `fields`, by the hash of its name. Built only when a type's fields
    /// come from more than one mapping (`indexedFieldCount` says how far): a type's first `fields` mapping
    /// cannot repeat a name, so nearly every schema never hashes a field name here.
    @exclusivity(unchecked) private var fieldIndexByName: [HashedKeyTable] = []
    /// Per record type, how many of its fields (the first ones) `fieldIndexByName` holds.
    @exclusivity(unchecked) private var indexedFieldCount: [Int] = []
    /// Per record type, where each field (in `fields` order) was defined.
    @exclusivity(unchecked) private var fieldLocations: [[SourceLocation]] = []
    /// Per record type, where each setting was first given, keyed by the setting's YAML key.
    @exclusivity(unchecked) private var origins: [[String: Origin]] = []
    /// Per record type, where each system field's indexes were first given, in `SystemField.allCases` order:
    /// kept apart from `origins`, whose keys (`systemFields.recordID`) cost a string built and hashed three
    /// times for each of a schema's 1,200 entries.
    @exclusivity(unchecked) private var systemFieldOrigins: [[Origin?]] = []
    @exclusivity(unchecked) private var roleNames: Set<String> = []

    /// Starts reading the next file, of `nodeCount` nodes.
    func beginFile(nodeCount: Int) {
        currentFile += 1
        // A schema records about one position for every two nodes (a field's key and type, each index value).
        positions.reserveCapacity(positions.count + nodeCount / 2)
    }

    /// The positions and facts recorded, first definitions winning.
    ///
    /// Positions are logged while reading; `SourceMap` indexes them only if something looks one up.
    func sourceMap() -> SourceMap {
        SourceMap(entries: positions, facts: facts)
    }

    /// Adds a problem found while reading.
    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Records where `path` was written; an earlier record of the same path wins.
    func record(_ path: SchemaPath, at location: SourceLocation) {
        positions.append(SourceMap.Entry(path: path, location: location))
    }

    /// Records something the text said that the model cannot hold.
    func note(_ fact: SyntaxFact) {
        facts.append(fact)
    }

    /// Adds a custom role unless an earlier list already declared it.
    func addRole(_ name: String, at location: SourceLocation) {
        guard roleNames.insert(name).inserted else { return }
        schema.roles.append(Role(name: name))
        record(.role(name), at: location)
    }

    /// The index of the record type `name`, created (and located) when first seen.
    func recordType(named name: String, at location: SourceLocation) -> Int {
        if let index = typeIndexByName[name] { return index }
        let index = schema.recordTypes.count
        schema.recordTypes.append(RecordType(name: name))
        typeIndexByName[name] = index
        fieldIndexByName.append(HashedKeyTable())
        indexedFieldCount.append(0)
        fieldLocations.append([])
        origins.append([:])
        systemFieldOrigins.append(Array(repeating: nil, count: SystemField.allCases.count))
        record(.recordType(name), at: location)
        return index
    }

    /// The name of the record type at `type`.
    func name(ofType type: Int) -> String {
        schema.recordTypes[type].name
    }

    /// Whether the record type at `type` has no fields yet: then the names of one `fields` mapping (which the
    /// composer keeps unique) need no lookup, and `addNewField` adds them.
    func hasNoFields(_ type: Int) -> Bool {
        schema.recordTypes[type].fields.isEmpty
    }

    /// Where `field` of the record type at `type` was first defined, if it already was.
    func firstDefinition(ofField field: String, inType type: Int) -> SourceLocation? {
        fieldIndex(of: field, hash: HashedKeyTable.hash(field), inType: type).map { fieldLocations[type][$0] }
    }

    /// Makes room for `count` more fields in the record type at `type`.
    func reserveFields(_ count: Int, inType type: Int) {
        schema.recordTypes[type].fields.reserveCapacity(schema.recordTypes[type].fields.count + count)
        fieldLocations[type].reserveCapacity(fieldLocations[type].count + count)
    }

    /// The index in `fields` of the record type's field `name`, whose name hashes to `hash`.
    private func fieldIndex(of name: String, hash: UInt64, inType type: Int) -> Int? {
        indexFields(ofType: type)
        return fieldIndexByName[type].first(hash) { schema.recordTypes[type].fields[$0].name == name }
    }

    /// Adds the fields `fieldIndexByName` does not hold yet (those `addNewField` added) to it.
    private func indexFields(ofType type: Int) {
        let fields = schema.recordTypes[type].fields
        guard indexedFieldCount[type] < fields.count else { return }
        fieldIndexByName[type].reserveCapacity(fields.count - indexedFieldCount[type])
        for index in indexedFieldCount[type]..<fields.count {
            fieldIndexByName[type].insert(index, for: HashedKeyTable.hash(fields[index].name))
        }
        indexedFieldCount[type] = fields.count
    }

    /// Appends a field the record type does not have yet, defined at `location`.
    func addField(_ field: consuming Field, toType type: Int, at location: SourceLocation) {
        let hash = HashedKeyTable.hash(field.name)
        guard fieldIndex(of: field.name, hash: hash, inType: type) == nil else { return }
        fieldIndexByName[type].insert(schema.recordTypes[type].fields.count, for: hash)
        indexedFieldCount[type] += 1
        appendField(field, toType: type, at: location)
    }

    /// Appends a field whose name the record type certainly does not have yet (a key of the type's first
    /// `fields` mapping), defined at `location`, without looking it up.
    func addNewField(_ field: consuming Field, toType type: Int, at location: SourceLocation) {
        appendField(field, toType: type, at: location)
    }

    private func appendField(_ field: consuming Field, toType type: Int, at location: SourceLocation) {
        let fieldName = field.name
        schema.recordTypes[type].fields.append(field)
        fieldLocations[type].append(location)
        record(.field(name(ofType: type), fieldName), at: location)
    }

    /// Sets a value of the record type's metadata, checking it against other files.
    /// `describe` spells a value for the conflict message; long values (documentation) pass `nil`.
    func setMetadata<Value: Equatable>(_ keyPath: WritableKeyPath<RecordTypeMetadata, Value?>, key: String,
                                       to value: Value, ofType type: Int, at location: SourceLocation,
                                       describe: ((Value) -> String)? = nil) {
        let current = schema.recordTypes[type].metadata[keyPath: keyPath]
        var detail = " across files"
        if let describe, let current {
            detail = ": '\(describe(value))' here, '\(describe(current))' first"
        }
        guard claim(key, origin: &origins[type][key], ofType: type, at: location, isSame: current == value,
                    conflict: "conflicting '\(key)' for record type '\(name(ofType: type))'\(detail)")
        else { return }
        schema.recordTypes[type].metadata[keyPath: keyPath] = value
    }

    /// Sets the record type's grants, checking them against other files. Returns whether they were taken.
    func setGrants(_ grants: [Grant], ofType type: Int, at location: SourceLocation) -> Bool {
        guard claim("grants", origin: &origins[type]["grants"], ofType: type, at: location,
                    isSame: schema.recordTypes[type].grants == grants,
                    conflict: "conflicting 'grants' for record type '\(name(ofType: type))' across files")
        else { return false }
        schema.recordTypes[type].grants = grants
        return true
    }

    /// Sets the indexes of one system field, checking them against other files and against another entry
    /// for the same field in this file (`recordID` and `___recordID`).
    func setIndexes(_ indexes: FieldIndexes, on field: SystemField, ofType type: Int, at location: SourceLocation) {
        let ordinal = SystemField.allCases.firstIndex(of: field)!
        if let origin = systemFieldOrigins[type][ordinal], origin.file == currentFile {
            note(SyntaxFact(.duplicateSystemField, at: location, subject: .systemField(name(ofType: type), field),
                            text: field.name, related: origin.location))
            return
        }
        guard claim("systemFields.\(field.yamlKey)", origin: &systemFieldOrigins[type][ordinal], ofType: type,
                    at: location, isSame: schema.recordTypes[type].indexes(on: field) == indexes,
                    subject: .systemField(name(ofType: type), field),
                    conflict: "conflicting indexes on system field '\(field.yamlKey)' of record type "
                        + "'\(name(ofType: type))' across files")
        else { return }
        schema.recordTypes[type].setIndexes(indexes, on: field)
        record(.systemField(name(ofType: type), field), at: location)
    }

    /// Returns whether a setting (YAML key `key`) given at `location` should be applied: it is the first one,
    /// and `origin` (where it was first given) is set. A later file giving the same value changes nothing; a
    /// different value is a conflict. The key, the comparison and the message are worked out only when needed.
    private func claim(_ key: @autoclosure () -> String, origin: inout Origin?, ofType type: Int,
                       at location: SourceLocation, isSame: @autoclosure () -> Bool, subject: SchemaPath? = nil,
                       conflict: @autoclosure () -> String) -> Bool {
        guard let first = origin else {
            origin = Origin(location: location, file: currentFile)
            return true
        }
        if first.file != currentFile, !isSame() {
            report(.error(.schemaConflict, "\(conflict()); the first one is used", at: location,
                          subject: subject ?? .recordTypeKey(name(ofType: type), key()),
                          notes: [Note("'\(key())' is first set here", at: first.location)]))
        }
        return false
    }
}
