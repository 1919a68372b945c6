package import CKSchemaCore

/// The lint benchmark's third schema, of proportions neither `BenchmarkSchema` nor `EveryFeatureSchema` has:
/// field types and index options drawn from a seed, names of 5 to 60 characters (most longer than the 16 bytes
/// of a short scalar, none repeated across types), and 0 to 4 grants a type to built-in and custom roles with
/// random permissions. The same schema for a seed, and lint-clean in both languages: every index option is one
/// the field's type takes, encrypted fields are only on types that grant nothing to `_world` or `_icloud`,
/// `___recordID` and `___createdBy` are QUERYABLE (a type only its creators read needs the latter), and a type
/// without grants says `database: private` (YAML only: `.ckdb` cannot say it).
package enum RandomShapeSchema {
    /// The seed `scripts/bench-lint.sh` and the findings-stability test use.
    package static let defaultSeed: UInt64 = 36

    /// The custom roles the schema declares.
    package static let roleCount = 8

    /// `typeCount` record types of `fieldCount` fields each, drawn from `seed`.
    package static func make(recordTypes typeCount: Int, fields fieldCount: Int, seed: UInt64 = defaultSeed) -> Schema {
        var random = SplitMix64(seed: seed)
        var names = UniqueNames()
        let roles = (0..<roleCount).map { _ in names.next(capitalized: true, using: &random) }
        let recordTypes = (0..<typeCount).map { _ in
            let name = names.next(capitalized: true, using: &random)
            let grants = grants(to: [Role.world, Role.icloud, Role.creator] + roles, using: &random)
            let isPublic = grants.contains { $0.role == Role.world || $0.role == Role.icloud }
            var fieldNames = UniqueNames()
            return RecordType(
                name: name,
                fields: (0..<fieldCount).map { _ in
                    field(named: fieldNames.next(capitalized: false, using: &random), isPublic: isPublic, using: &random)
                },
                systemFieldIndexes: [.recordID: .queryable, .createdBy: .queryable,
                                     .createTime: options(of: .timestamp, using: &random),
                                     .modTime: options(of: .timestamp, using: &random)],
                grants: grants,
                metadata: RecordTypeMetadata(database: grants.isEmpty ? .private : nil))
        }
        return Schema(roles: roles.map { Role(name: $0) }, recordTypes: recordTypes)
    }

    /// 0 to 4 grants, each to another of `roles`, of one to three permissions, made sound (`sound(_:)`).
    private static func grants(to roles: [String], using random: inout SplitMix64) -> [Grant] {
        var roles = roles
        return sound((0..<random.number(in: 0...4)).map { _ in
            let role = roles.remove(at: random.number(in: 0...roles.count - 1))
            return Grant(Permissions(rawValue: UInt8(random.number(in: 1...7))), to: role)
        })
    }

    /// The drawn grants as a careful team would write them, so that the schema lints clean under the security
    /// rules while keeping their number and spread: a public type can be created by someone beyond its
    /// creator (else `_icloud` may), `_icloud` does not write what it may create, and `_world` only reads.
    private static func sound(_ drawn: [Grant]) -> [Grant] {
        var grants = drawn
        for index in grants.indices where grants[index].role == Role.world {
            grants[index].permissions.formIntersection(.read)
        }
        let isPublic = grants.contains { $0.role == Role.world || $0.role == Role.icloud }
        if isPublic, !grants.contains(where: { $0.role != Role.creator && $0.permissions.contains(.create) }) {
            if let icloud = grants.firstIndex(where: { $0.role == Role.icloud }) {
                grants[icloud].permissions.insert(.create)
            } else {
                grants.append(Grant(.create, to: Role.icloud))
            }
        }
        for index in grants.indices where grants[index].role == Role.icloud && grants[index].permissions.contains(.create) {
            grants[index].permissions.remove(.write)
        }
        return grants.filter { !$0.permissions.isEmpty }
    }

    private static let primitives: [PrimitiveType] = [.string, .int64, .double, .timestamp, .bytes, .asset,
                                                      .location, .reference]

    /// A field of a random type, a list one time in four, encrypted one time in eight where that is allowed,
    /// with a random choice of the index options the type takes.
    private static func field(named name: String, isPublic: Bool, using random: inout SplitMix64) -> Field {
        var type = FieldType(random.element(of: primitives), isList: random.number(in: 0...3) == 0)
        let encryptable = type.primitive != .asset && type.primitive != .reference
        if !isPublic, encryptable, random.number(in: 0...7) == 0 { type = type.encrypted }
        return Field(name: name, type: type, indexes: options(of: type, using: &random))
    }

    /// A random subset of the index options CloudKit takes on `type` and lint does not question: none on
    /// encrypted, ASSET or BYTES fields; SEARCHABLE on strings only; SORTABLE not on references or lists.
    private static func options(of type: FieldType, using random: inout SplitMix64) -> FieldIndexes {
        if type.isEncrypted { return [] }
        var allowed: FieldIndexes
        switch type.primitive {
        case .asset, .bytes: return []
        case .string: allowed = [.queryable, .searchable, .sortable]
        default: allowed = [.queryable, .sortable]
        }
        if type.isList || type.primitive == .reference { allowed.remove(.sortable) }
        return allowed.intersection(FieldIndexes(rawValue: UInt8(random.number(in: 0...7))))
    }
}

/// Random identifiers of 5 to 60 ASCII letters and digits, starting with a letter, none equal to another
/// ignoring case (so that no naming rule has anything to say).
private struct UniqueNames {
    private static let lowercase = Array("abcdefghijklmnopqrstuvwxyz")
    private static let characters = lowercase + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    private var taken: Set<String> = []

    mutating func next(capitalized: Bool, using random: inout SplitMix64) -> String {
        while true {
            let first = random.element(of: Self.lowercase)
            var name = capitalized ? first.uppercased() : String(first)
            for _ in 1..<random.number(in: 5...60) { name.append(random.element(of: Self.characters)) }
            if taken.insert(name.lowercased()).inserted { return name }
        }
    }
}

/// Draws of the schema's own: `random(in:using:)` is the standard library's to change, and a seed must keep
/// drawing the same schema.
extension SplitMix64 {
    /// A number in `range`.
    fileprivate mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One of `elements`, which is not empty.
    fileprivate mutating func element<Element>(of elements: [Element]) -> Element {
        elements[number(in: 0...elements.count - 1)]
    }
}
