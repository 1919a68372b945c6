package import CKSchemaCore

/// A small, fast, seedable random number generator (`SplitMix64`), so generated test data is the same on
/// every machine and every run. Its own type, so that tests need not import `CKSchemaCore` to name it.
package struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    package init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    package mutating func next() -> UInt64 {
        generator.next()
    }
}

/// Builds random but well-formed schemas from a seed, for round-trip property tests of the parsers and
/// printers.
///
/// By default the output holds only what both the CloudKit Schema Language and the YAML format can say:
/// unique names (plain identifiers, contextual keywords such as `type` or `list`, reserved words in any case,
/// dotted, underscored and non-ASCII names), every data type with lists, encryption of the encryptable
/// types and NUMBER preferences, index options, system-field indexes, custom roles and grants (several
/// grants may name one role). Index options are random subsets: the schemas are grammatical, not lint-clean.
/// `includesYAMLMetadata` adds the YAML-only metadata (documentation, Swift names, `bool`/`enum`, reference
/// targets and actions, `required`, defaults, databases).
package struct RandomSchemaGenerator {
    /// Size and content knobs.
    package struct Options: Sendable {
        package var recordTypeCount: ClosedRange<Int>
        package var fieldCount: ClosedRange<Int>
        package var roleCount: ClosedRange<Int>
        package var grantCount: ClosedRange<Int>
        package var includesYAMLMetadata: Bool

        package init(recordTypeCount: ClosedRange<Int> = 0...6, fieldCount: ClosedRange<Int> = 0...12,
                    roleCount: ClosedRange<Int> = 0...3, grantCount: ClosedRange<Int> = 0...4,
                    includesYAMLMetadata: Bool = false) {
            self.recordTypeCount = recordTypeCount
            self.fieldCount = fieldCount
            self.roleCount = roleCount
            self.grantCount = grantCount
            self.includesYAMLMetadata = includesYAMLMetadata
        }
    }

    /// Names that are keywords somewhere in the grammar but plain names where a name is expected.
    package static let contextualKeywordNames = [
        "type", "index", "order", "text", "name", "role", "list", "timestamp", "location", "asset", "string",
        "number", "define", "schema", "record", "create", "read", "write", "to", "as", "encrypted", "bytes",
    ]
    /// Reserved words in assorted cases: printers must quote them.
    package static let reservedWordNames = ["grant", "Preferred", "QUERYABLE", "sortable", "Searchable"]
    /// Names that break the identifier rule and so are always quoted (the lint rules judge them).
    package static let irregularNames = ["cloudkit.title", "_private", "___custom", "feed-url", "café", "2fa", "my name"]

    private var random: SeededRandomNumberGenerator
    private let options: Options

    package init(seed: UInt64, options: Options = Options()) {
        self.random = SeededRandomNumberGenerator(seed: seed)
        self.options = options
    }

    /// Returns the schema for `seed`.
    package static func schema(seed: UInt64, options: Options = Options()) -> Schema {
        var generator = RandomSchemaGenerator(seed: seed, options: options)
        return generator.makeSchema()
    }

    /// Generates the next schema.
    package mutating func makeSchema() -> Schema {
        var roleNames = Set(Role.builtInNames)
        let roles = (0..<count(options.roleCount)).map { _ in Role(name: uniqueName(in: &roleNames)) }
        var typeNames: Set<String> = []
        let names = (0..<count(options.recordTypeCount)).map { _ in uniqueName(in: &typeNames) }
        let grantable = Role.builtInNames + roles.map(\.name)
        let recordTypes = names.map { makeRecordType(named: $0, roles: grantable, typeNames: names) }
        return Schema(roles: roles, recordTypes: recordTypes)
    }

    private mutating func makeRecordType(named name: String, roles: [String], typeNames: [String]) -> RecordType {
        var recordType = RecordType(name: name)
        var fieldNames = Set(SystemField.allCases.map(\.name))
        for _ in 0..<count(options.fieldCount) {
            var field = Field(name: uniqueName(in: &fieldNames), type: fieldType(), indexes: indexes())
            if options.includesYAMLMetadata { field.metadata = metadata(for: field.type, typeNames: typeNames) }
            recordType.fields.append(field)
        }
        for systemField in SystemField.allCases where chance(0.3) {
            recordType.setIndexes(indexes(), on: systemField)
        }
        for _ in 0..<count(options.grantCount) where !roles.isEmpty {
            let permissions = Permissions(rawValue: UInt8.random(in: 1...7, using: &random))
            recordType.grants.append(Grant(permissions, to: pick(roles)))
        }
        if options.includesYAMLMetadata {
            recordType.metadata = RecordTypeMetadata(
                database: chance(0.7) ? pick(Database.allCases) : nil,
                documentation: chance(0.5) ? "Documentation of \(name)." : nil,
                swiftName: chance(0.3) ? "Generated\(Int.random(in: 0...999, using: &random))" : nil
            )
        }
        return recordType
    }

    private mutating func fieldType() -> FieldType {
        var primitive = pick(PrimitiveType.allCases)
        if case .number = primitive {
            primitive = .number(preferredAs: chance(0.5) ? nil : pick(NumberPreference.allCases))
        }
        let isEncrypted = primitive.isEncryptable && chance(0.2)
        return FieldType(primitive, isEncrypted: isEncrypted, isList: chance(0.25))
    }

    private mutating func indexes() -> FieldIndexes {
        chance(0.5) ? [] : FieldIndexes(rawValue: UInt8.random(in: 1...7, using: &random))
    }

    /// Metadata that suits `type`: logical types only where CloudKit's type can carry them.
    private mutating func metadata(for type: FieldType, typeNames: [String]) -> FieldMetadata {
        var metadata = FieldMetadata()
        metadata.documentation = chance(0.3) ? "A field." : nil
        metadata.swiftName = chance(0.2) ? "property\(Int.random(in: 0...999, using: &random))" : nil
        metadata.isRequired = chance(0.3)
        switch (type.primitive, type.isList, type.isEncrypted) {
        case (.int64, false, false) where chance(0.5):
            metadata.logicalType = .bool
            metadata.defaultValue = chance(0.5) ? .bool(chance(0.5)) : nil
        case (.string, false, false) where chance(0.5):
            let values = ["alpha", "beta", "gamma"]
            metadata.logicalType = .enumeration(values)
            metadata.defaultValue = chance(0.5) ? .string(pick(values)) : nil
        case (.reference, _, _):
            metadata.referenceTarget = typeNames.isEmpty || chance(0.2) ? nil : pick(typeNames)
            metadata.referenceAction = chance(0.5) ? pick(ReferenceAction.allCases) : nil
        case (.int64, false, _):
            metadata.defaultValue = chance(0.3) ? .integer(Int64.random(in: -1000...1000, using: &random)) : nil
        case (.double, false, _):
            metadata.defaultValue = chance(0.3) ? .double(Double(Int.random(in: -100...100, using: &random)) / 4) : nil
        case (.string, true, false):
            metadata.defaultValue = chance(0.3) ? .list([.string("a"), .string("b")]) : nil
        default:
            break
        }
        return metadata
    }

    /// A name not yet in `taken`, which it then joins: mostly plain identifiers, sometimes the awkward kinds.
    private mutating func uniqueName(in taken: inout Set<String>) -> String {
        while true {
            let candidate: String
            switch Int.random(in: 0..<20, using: &random) {
            case 0: candidate = pick(Self.contextualKeywordNames)
            case 1: candidate = pick(Self.reservedWordNames)
            case 2: candidate = pick(Self.irregularNames)
            case 3: candidate = "CD_" + plainIdentifier()
            default: candidate = plainIdentifier()
            }
            if taken.insert(candidate).inserted { return candidate }
        }
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
    private static let identifierTail = letters + Array("0123456789_".unicodeScalars)

    private mutating func plainIdentifier() -> String {
        var name = String.UnicodeScalarView()
        name.append(pick(Self.letters))
        for _ in 0..<Int.random(in: 0...11, using: &random) { name.append(pick(Self.identifierTail)) }
        return String(name)
    }

    private mutating func count(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &random)]
    }
}
