package import CKSchemaCore

/// Builds random schemas, reproducibly from a seed, that use everything the YAML format can say: every
/// field type, list and encryption combination, NUMBER preferences, indexes, system-field indexes, repeated
/// grants, custom roles, and the YAML-only metadata (database, docs, Swift names, `bool`, enums,
/// reference targets and actions, `required`, defaults of matching types). Names and texts are drawn partly
/// from strings YAML likes to misread (`on`, `123`, `a: b`, `~`, control characters), so round-trip tests
/// exercise quoting.
///
/// Invariants that every YAML-expressible model keeps: names unique within their scope, `bool` only on
/// INT64 (or LIST<INT64>), and no NaN defaults (NaN never equals itself).
package struct RandomYAMLSchemaGenerator {
    private var random: Source

    /// A generator whose schemas depend only on `seed`.
    package init(seed: UInt64) {
        random = Source(seed: seed)
    }

    /// Strings that YAML 1.1 or 1.2 would read as something else, or that need escapes.
    package static let awkwardStrings: [String] = [
        "on", "off", "yes", "No", "Y", "n", "true", "FALSE", "null", "Null", "~", "", " lead", "trail ",
        "a: b", "a:b", "#hash", "not # comment", "x,y", "[br]", "{b}", "-dash", "- item", "?q", ":colon",
        "123", "-7", "+1", "1.5", "1e3", "0x1F", "0o17", ".inf", "-.inf", ".nan", "12:30", "2024-01-01",
        "é ü 日本", "emoji 😀", "tab\there", "quote\"d", "back\\slash", "'single'", "it's", "*star", "&amp",
        "!bang", "%pct", "@at", "`tick`", "|pipe", ">gt", "=", "<<", "cloudkit.share", "___recordID",
        "\u{1}ctrl", "nel\u{85}", "ls\u{2028}ps\u{2029}", "\u{FEFF}bom", "del\u{7F}", "nbsp\u{A0}", "---",
        "...", "a\\nb", "%TAG", "! tag", "& anchor",
    ]

    /// Multi-line and odd documentation texts.
    package static let documents: [String] = [
        "A journal entry.", "Line one\nLine two", "Para one\n\n  indented line\nend", "trailing \nspace",
        "\nleading newline", "ends with newline\n", "two trailing\n\n", "\tstarts with a tab\nsecond",
        "colon: inside\n# not a comment\n- not a list", "crlf\r\nline", "unicode ✓\nline ✓",
        String(repeating: "long documentation text ", count: 8),
    ]

    /// A random schema.
    package mutating func schema() -> Schema {
        let roles = uniqueNames(count: int(0...3)).map(Role.init(name:))
        let typeNames = uniqueNames(count: int(0...5))
        let recordTypes = typeNames.map { recordType(named: $0, allTypes: typeNames, roles: roles) }
        return Schema(roles: roles, recordTypes: recordTypes)
    }

    private mutating func recordType(named name: String, allTypes: [String], roles: [Role]) -> RecordType {
        var systemFieldIndexes: [SystemField: FieldIndexes] = [:]
        for field in SystemField.allCases where chance(0.3) { systemFieldIndexes[field] = indexes(nonEmpty: true) }
        let roleNames = Role.builtInNames + roles.map(\.name) + (chance(0.1) ? [text()] : [])
        var grants: [Grant] = []
        for _ in 0..<int(0...4) {
            grants.append(Grant(Permissions(rawValue: UInt8(int(0...7))), to: pick(roleNames)))
        }
        let metadata = RecordTypeMetadata(
            database: chance(0.5) ? pick(Database.allCases) : nil,
            documentation: chance(0.4) ? document() : nil,
            swiftName: chance(0.3) ? self.name(awkward: 0.3) : nil
        )
        let fields = uniqueNames(count: int(0...8)).map { field(named: $0, allTypes: allTypes) }
        return RecordType(name: name, fields: fields, systemFieldIndexes: systemFieldIndexes, grants: grants,
                          metadata: metadata)
    }

    private mutating func field(named name: String, allTypes: [String]) -> Field {
        var primitive = pick(PrimitiveType.allCases)
        if case .number = primitive, chance(0.5) { primitive = .number(preferredAs: pick(NumberPreference.allCases)) }
        let type = FieldType(primitive, isEncrypted: chance(0.2), isList: chance(0.25))
        var metadata = FieldMetadata()
        if primitive == .int64, chance(0.4) {
            metadata.logicalType = .bool
        } else if chance(0.2) {
            metadata.logicalType = .enumeration((0..<int(0...4)).map { _ in text() })
        }
        if chance(0.25) {
            metadata.referenceTarget = allTypes.isEmpty || chance(0.2) ? self.name(awkward: 0.5) : pick(allTypes)
        }
        if chance(0.2) { metadata.referenceAction = pick(ReferenceAction.allCases) }
        metadata.isRequired = chance(0.3)
        if chance(0.3) { metadata.defaultValue = defaultValue(for: type, logicalType: metadata.logicalType) }
        if chance(0.3) { metadata.documentation = document() }
        if chance(0.2) { metadata.swiftName = self.name(awkward: 0.3) }
        return Field(name: name, type: type, indexes: indexes(nonEmpty: false), metadata: metadata)
    }

    /// A default that suits the field's type; now and then a nested list or a mismatched value, which the
    /// format can hold and lint rules judge.
    private mutating func defaultValue(for type: FieldType, logicalType: LogicalType?) -> LiteralValue {
        if chance(0.1) { return .list([scalarDefault(for: .string, logicalType: nil), .list([.integer(1)])]) }
        if type.isList {
            return .list((0..<int(0...3)).map { _ in scalarDefault(for: type.primitive, logicalType: logicalType) })
        }
        return scalarDefault(for: type.primitive, logicalType: logicalType)
    }

    private mutating func scalarDefault(for primitive: PrimitiveType, logicalType: LogicalType?) -> LiteralValue {
        if logicalType == .bool { return .bool(chance(0.5)) }
        if case .enumeration(let values) = logicalType, let value = values.first { return .string(value) }
        switch primitive {
        case .int64, .number(preferredAs: .int64):
            return .integer(pick([0, 1, -1, 42, Int64.max, Int64.min, Int64(int(-100_000...100_000))]))
        case .double, .number:
            return .double(pick([0, -0.0, 0.1, 1, 1.5, -2.25, 1e-7, 1e16, 6.02e23, .infinity, -.infinity,
                                 Double(int(-1000...1000)) / 7]))
        case .string, .reference:
            return .string(text())
        default:
            return chance(0.5) ? .bool(chance(0.5)) : .string(text())
        }
    }

    private mutating func indexes(nonEmpty: Bool) -> FieldIndexes {
        if !nonEmpty, chance(0.5) { return [] }
        return FieldIndexes(rawValue: UInt8(int(1...7)))
    }

    private mutating func uniqueNames(count: Int) -> [String] {
        var names: [String] = []
        while names.count < count {
            let candidate = name(awkward: 0.25)
            if !names.contains(candidate) { names.append(candidate) }
        }
        return names
    }

    /// An identifier, or now and then an awkward string.
    private mutating func name(awkward probability: Double) -> String {
        if chance(probability) { return pick(Self.awkwardStrings) }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let tail = Array("abcdefghijklmnopqrstuvwxyz0123456789_")
        var name = String(pick(letters))
        for _ in 0..<int(0...10) { name.append(pick(tail)) }
        return name
    }

    private mutating func text() -> String {
        chance(0.5) ? pick(Self.awkwardStrings) : name(awkward: 0)
    }

    private mutating func document() -> String {
        chance(0.7) ? pick(Self.documents) : pick(Self.awkwardStrings)
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double(random.next() % 1_000_000) / 1_000_000 < probability
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(0...(elements.count - 1))]
    }
}

extension RandomYAMLSchemaGenerator {
    /// A small, fast, seedable generator (Vigna's SplitMix64), so a failing seed reproduces everywhere.
    private struct Source {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
