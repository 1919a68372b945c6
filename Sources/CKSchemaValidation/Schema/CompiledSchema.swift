import CKSchemaCore

/// A schema prepared for validation: lookup tables keyed by bytes, and per field everything a value check
/// needs, so the hot path never builds a `String` or searches an array by name.
final class CompiledSchema: @unchecked Sendable {
    // @unchecked: `hotTypes` and what it points to are written in `init` only and freed in `deinit`.
    /// Record types in schema order.
    let types: [CompiledRecordType]
    /// Record type name → index into `types`.
    let typeTable: ByteKeyTable
    /// Web Services `type` tag → index into `TypeTags.allWebServicesTags`.
    let webServicesTags: ByteKeyTable
    /// cktool type name → index into `TypeTags.allCKToolTags` (documented names first).
    let cktoolTags: ByteKeyTable
    /// Whether any field declares a reference target (only then are record names remembered).
    let hasReferenceTargets: Bool
    /// `types` again as plain values behind a pointer, for the hot path: reading them retains nothing.
    let hotTypes: UnsafeMutablePointer<HotRecordType>
    /// How many field guesses a checker keeps (see `CheckerScratch.fieldGuesses`).
    let guessCount: Int

    /// Compiles `schema`.
    init(_ schema: Schema) {
        let typeIndexes = Dictionary(schema.recordTypes.enumerated().map { ($1.name, $0) }) { first, _ in first }
        let targets = Set(schema.recordTypes.flatMap { $0.fields.compactMap(\.metadata.referenceTarget) })
        types = schema.recordTypes.map { recordType in
            CompiledRecordType(recordType, typeIndexes: typeIndexes)
        }
        typeTable = ByteKeyTable(schema.recordTypes.enumerated().map { ($1.name, $0) })
        webServicesTags = ByteKeyTable(TypeTags.allWebServicesTags.enumerated().map { ($1, $0) })
        cktoolTags = ByteKeyTable(TypeTags.allCKToolTags.enumerated().map { ($1, $0) })
        hasReferenceTargets = !targets.isEmpty
        hotTypes = .allocate(capacity: max(1, types.count))
        var guessBase = 0
        for (index, type) in types.enumerated() {
            (hotTypes + index).initialize(to: HotRecordType(type, guessBase: guessBase))
            guessBase += type.fields.count + 1
        }
        guessCount = guessBase
    }

    deinit {
        for index in types.indices { hotTypes[index].deallocate() }
        hotTypes.deallocate()
    }
}

/// One record type prepared for validation.
struct CompiledRecordType: Sendable {
    let name: String
    let fields: [CompiledField]
    /// The hot-path summary of each field, parallel to `fields` (plain values: no reference counting).
    let infos: [FieldInfo]
    /// Field name → index into `fields`.
    let fieldTable: ByteKeyTable
    /// Indexes of the fields marked `required`.
    let requiredFields: [Int]
    /// The field migrations whose two fields the type declares (`renamedFrom` / `replaces`).
    let migrations: [CompiledMigration]
    init(_ recordType: RecordType, typeIndexes: [String: Int]) {
        name = recordType.name
        let indexes = Dictionary(recordType.fields.enumerated().map { ($1.name, $0) }) { first, _ in first }
        migrations = recordType.fields.indices.compactMap { CompiledMigration(recordType.fields, new: $0, indexes: indexes) }
        let migrating = Set(migrations.flatMap { [$0.newField, $0.oldField] })
        let compiled = recordType.fields.map { CompiledField($0, recordType: recordType.name, typeIndexes: typeIndexes) }
        fields = compiled
        infos = compiled.enumerated().map { FieldInfo($1, isMigrating: migrating.contains($0)) }
        fieldTable = ByteKeyTable(recordType.fields.enumerated().map { ($1.name, $0) })
        requiredFields = recordType.fields.indices.filter { recordType.fields[$0].metadata.requiresValue }
    }
}

/// A field that took over from a retired field of the same type, prepared for comparing their values.
struct CompiledMigration: Sendable {
    /// Field indexes in the record type.
    let newField: Int
    let oldField: Int
    /// From the retired field's type to the new one's.
    let conversion: FieldConversion
    /// `renamedFrom: isFavorite`, for messages.
    let declaration: String

    /// The migration of `fields[new]`, when it has one whose old field is declared and convertible (lint
    /// reports the others).
    init?(_ fields: [Field], new: Int, indexes: [String: Int]) {
        let field = fields[new]
        guard let migration = field.metadata.migration, let old = indexes[migration.oldField], old != new,
              let conversion = FieldConversion.converting(from: fields[old].type, to: field.type),
              let declaration = field.migrationDeclaration else { return nil }
        newField = new
        oldField = old
        self.conversion = conversion
        self.declaration = declaration
    }
}

/// The checks one field's values get.
enum ValueKind: Sendable {
    case string, int64, double, timestamp, bytes, location, reference, asset
    /// NUMBER without a preference: any finite number.
    case number
}

/// One field prepared for validation.
struct CompiledField: Sendable {
    let name: String
    let recordType: String
    let type: FieldType
    let kind: ValueKind
    /// INT64 `bool`: only 0 and 1.
    let isBool: Bool
    /// STRING `enum` values, when declared.
    let enumValues: [String]
    let enumTable: ByteKeyTable?
    /// The record type references must point at, when declared.
    let referenceTarget: String?
    /// Its index in the schema, when the schema declares it.
    let referenceTargetIndex: Int?
    /// Web Services `type` tags that agree with the field.
    let webServicesTags: [[UInt8]]
    /// cktool type names that agree with the field.
    let cktoolTags: [[UInt8]]

    init(_ field: Field, recordType: String, typeIndexes: [String: Int]) {
        name = field.name
        self.recordType = recordType
        type = field.type
        kind = switch field.type.primitive {
        case .string: .string
        case .int64, .number(preferredAs: .int64): .int64
        case .double, .number(preferredAs: .double): .double
        case .number(preferredAs: nil): .number
        case .timestamp: .timestamp
        case .bytes: .bytes
        case .location: .location
        case .reference: .reference
        case .asset: .asset
        }
        isBool = field.metadata.logicalType == .bool
        if case .enumeration(let values) = field.metadata.logicalType {
            enumValues = values
            enumTable = ByteKeyTable(values.map { ($0, 0) })
        } else {
            enumValues = []
            enumTable = nil
        }
        referenceTarget = field.metadata.referenceTarget
        referenceTargetIndex = field.metadata.referenceTarget.flatMap { typeIndexes[$0] }
        webServicesTags = TypeTags.webServicesTags(for: field.type).map { Array($0.utf8) }
        cktoolTags = TypeTags.cktoolTags(for: field.type).map { Array($0.utf8) }
    }
}

/// What the hot path needs to know about a field, as plain values.
struct FieldInfo: Sendable {
    let kind: ValueKind
    /// The field's yes-or-no facts, one bit each (`isList`, …). One byte rather than five `Bool`s: a
    /// `FieldInfo` is passed by value to every value check, and five `Bool`s were packed into a register
    /// one by one, about 25 instructions for every field of every record.
    private let flags: UInt8
    /// Bit `i` set when `TypeTags.allWebServicesTags[i]` agrees with the field.
    let webServicesTagMask: UInt64
    /// Bit `i` set when the `i`-th cktool name (documented, then inferred) agrees with the field.
    let cktoolTagMask: UInt64

    private static let listFlag: UInt8 = 1
    private static let encryptedFlag: UInt8 = 2
    private static let boolFlag: UInt8 = 4
    private static let enumFlag: UInt8 = 8
    private static let referenceTargetFlag: UInt8 = 16
    private static let migratingFlag: UInt8 = 32

    var isList: Bool { flags & Self.listFlag != 0 }
    var isEncrypted: Bool { flags & Self.encryptedFlag != 0 }
    var isBool: Bool { flags & Self.boolFlag != 0 }
    var hasEnum: Bool { flags & Self.enumFlag != 0 }
    var hasReferenceTarget: Bool { flags & Self.referenceTargetFlag != 0 }
    /// Whether the field is either side of a migration: its value is kept for comparing with the other's.
    var isMigrating: Bool { flags & Self.migratingFlag != 0 }

    init(_ field: CompiledField, isMigrating: Bool = false) {
        kind = field.kind
        var flags: UInt8 = 0
        if field.type.isList { flags |= Self.listFlag }
        if field.type.isEncrypted { flags |= Self.encryptedFlag }
        if field.isBool { flags |= Self.boolFlag }
        if field.enumTable != nil { flags |= Self.enumFlag }
        if field.referenceTarget != nil { flags |= Self.referenceTargetFlag }
        if isMigrating { flags |= Self.migratingFlag }
        self.flags = flags
        webServicesTagMask = TypeTags.mask(of: field.webServicesTags, in: TypeTags.allWebServicesTags)
        cktoolTagMask = TypeTags.mask(of: field.cktoolTags, in: TypeTags.allCKToolTags)
    }
}

/// A record type as the hot path reads it: trivially copyable, so reading it retains nothing.
struct HotRecordType {
    /// Field name → field index; its memory is kept alive by the owning `CompiledRecordType`.
    let fieldTable: ByteKeyLookup
    let infos: UnsafeMutablePointer<FieldInfo>
    let requiredFields: UnsafeMutablePointer<Int>
    let requiredCount: Int
    let fieldCount: Int
    /// Field names by index, to confirm a guessed field without hashing.
    let names: ByteStrings
    /// Each field's first Web Services tag (`STRING`, `INT64_LIST`), to confirm the usual tag without hashing.
    let webServicesTags: ByteStrings
    /// Each field's name as a compact key, `"title":`, to read a guessed field's key in one comparison.
    let quotedNames: ByteStrings
    /// The compact rest of each field's usual entry after its value: `,"type":"STRING"}`.
    let usualEntryEnds: ByteStrings
    /// Where this type's guesses start in `CheckerScratch.fieldGuesses` (`fieldCount + 1` of them).
    let guessBase: Int

    init(_ type: CompiledRecordType, guessBase: Int) {
        fieldTable = type.fieldTable.lookup
        infos = .allocate(capacity: max(1, type.infos.count))
        infos.initialize(from: type.infos, count: type.infos.count)
        requiredFields = .allocate(capacity: max(1, type.requiredFields.count))
        requiredFields.initialize(from: type.requiredFields, count: type.requiredFields.count)
        requiredCount = type.requiredFields.count
        fieldCount = type.fields.count
        names = ByteStrings(type.fields.map { Array($0.name.utf8) })
        webServicesTags = ByteStrings(type.fields.map { $0.webServicesTags.first ?? [] })
        // A name that JSON must escape gets no compact key (an empty one never matches).
        quotedNames = ByteStrings(type.fields.map { field in
            let name = Array(field.name.utf8)
            let isPlain = name.allSatisfy { $0 >= 0x20 && $0 != Byte.quote && $0 != Byte.backslash }
            return isPlain ? [Byte.quote] + name + [Byte.quote, Byte.colon] : []
        })
        usualEntryEnds = ByteStrings(type.fields.map {
            Array(#","type":""#.utf8) + ($0.webServicesTags.first ?? []) + Array(#""}"#.utf8)
        })
        self.guessBase = guessBase
    }

    /// Frees the memory `init` allocated.
    func deallocate() {
        infos.deallocate()
        requiredFields.deallocate()
        names.deallocate()
        webServicesTags.deallocate()
        quotedNames.deallocate()
        usualEntryEnds.deallocate()
    }
}

/// A list of byte strings in one block of memory, compared against input bytes by index.
struct ByteStrings {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let offsets: UnsafeMutablePointer<Int>
    private let lengths: UnsafeMutablePointer<Int>

    init(_ strings: [[UInt8]]) {
        bytes = .allocate(capacity: max(1, strings.reduce(0) { $0 + $1.count }))
        offsets = .allocate(capacity: max(1, strings.count))
        lengths = .allocate(capacity: max(1, strings.count))
        var cursor = 0
        for (index, string) in strings.enumerated() {
            (bytes + cursor).initialize(from: string, count: string.count)
            (offsets + index).initialize(to: cursor)
            (lengths + index).initialize(to: string.count)
            cursor += string.count
        }
    }

    /// Frees the memory `init` allocated.
    func deallocate() {
        bytes.deallocate()
        offsets.deallocate()
        lengths.deallocate()
    }

    /// Whether string `index` is the `count` bytes at `other`.
    @inline(__always) func matches(_ index: Int, _ other: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        lengths[index] == count && memoryEquals(bytes + offsets[index], other, count)
    }

    /// The length of string `index` when the `available` bytes at `other` start with it, else `nil` (also
    /// when the string is empty).
    @inline(__always) func prefixLength(_ index: Int, of other: UnsafePointer<UInt8>, available: Int) -> Int? {
        let length = lengths[index]
        guard length > 0, length <= available, memoryEquals(bytes + offsets[index], other, length) else { return nil }
        return length
    }
}
