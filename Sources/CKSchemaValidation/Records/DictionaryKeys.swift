/// Keys of the dictionaries the checker interprets, matched straight from input bytes against static
/// strings: no global arrays, so nothing is reference counted on the hot path (two threads touching the
/// same counters would contend for one cache line on every key).
protocol DictionaryKey: RawRepresentable where RawValue == UInt8 {
    /// The key spelled by the `count` bytes at `bytes`, or `nil`.
    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Self?
    /// The key as written in JSON pointers and messages.
    var name: StaticString { get }
}

extension DictionaryKey {
    /// The key spelled by the string `token` (escapes decoded), or `nil` for any other key.
    @inline(__always)
    init?(_ token: StringToken, in base: UnsafePointer<UInt8>) {
        guard !token.hasEscapes else {
            let decoded = JSONStrings.decode(token, in: base) + [0]
            guard let key = decoded.withUnsafeBufferPointer({ $0.baseAddress.flatMap { Self.match($0, decoded.count - 1) } })
            else { return nil }
            self = key
            return
        }
        guard let key = Self.match(base + token.start, token.count) else { return nil }
        self = key
    }

    /// The key as a `String`.
    var text: String { name.description }

    /// Every key's name, for spelling suggestions.
    static var allNames: [String] {
        (0...UInt8.max).compactMap { Self(rawValue: $0)?.text }
    }
}

/// Whether the `count` bytes at `bytes` spell `name`.
@inline(__always)
func spells(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString) -> Bool {
    count == name.utf8CodeUnitCount && memoryEquals(bytes, name.utf8Start, count)
}

/// A set of keys seen in one dictionary, for duplicate detection without allocating.
struct KeySet<Key: DictionaryKey> {
    private var bits: UInt64 = 0

    /// Adds `key`; returns true when it was already there (a duplicate).
    @inline(__always)
    mutating func insert(_ key: Key) -> Bool {
        let bit: UInt64 = 1 << UInt64(key.rawValue)
        defer { bits |= bit }
        return bits & bit != 0
    }

    /// Whether `key` was inserted.
    @inline(__always)
    func contains(_ key: Key) -> Bool {
        bits & (1 << UInt64(key.rawValue)) != 0
    }
}

/// Keys of a Web Services record dictionary (docs/cloudkit-facts.md §6.1, including response-only keys).
enum RecordKey: UInt8, DictionaryKey {
    case recordName, recordType, fields, zoneID, deleted, recordChangeTag, created, modified, pluginFields, parent,
        share, shortGUID, createShortGUID, publicPermission, participants, owner, currentUserParticipant

    typealias Set = KeySet<RecordKey>

    @inline(__always)
    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> RecordKey? {
        if spells(bytes, count, "recordName") { return .recordName }
        if spells(bytes, count, "recordType") { return .recordType }
        if spells(bytes, count, "fields") { return .fields }
        return matchRare(bytes, count)
    }

    private static func matchRare(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> RecordKey? {
        for raw in RecordKey.zoneID.rawValue...RecordKey.currentUserParticipant.rawValue {
            if let key = RecordKey(rawValue: raw), spells(bytes, count, key.name) { return key }
        }
        return nil
    }

    var name: StaticString {
        switch self {
        case .recordName: "recordName"
        case .recordType: "recordType"
        case .fields: "fields"
        case .zoneID: "zoneID"
        case .deleted: "deleted"
        case .recordChangeTag: "recordChangeTag"
        case .created: "created"
        case .modified: "modified"
        case .pluginFields: "pluginFields"
        case .parent: "parent"
        case .share: "share"
        case .shortGUID: "shortGUID"
        case .createShortGUID: "createShortGUID"
        case .publicPermission: "publicPermission"
        case .participants: "participants"
        case .owner: "owner"
        case .currentUserParticipant: "currentUserParticipant"
        }
    }
}

/// Keys of a field entry: `{"value", "type", "isEncrypted"}`.
enum FieldEntryKey: UInt8, DictionaryKey {
    case value, type, isEncrypted

    @inline(__always)
    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> FieldEntryKey? {
        if spells(bytes, count, "value") { return .value }
        if spells(bytes, count, "type") { return .type }
        if spells(bytes, count, "isEncrypted") { return .isEncrypted }
        return nil
    }

    var name: StaticString {
        switch self {
        case .value: "value"
        case .type: "type"
        case .isEncrypted: "isEncrypted"
        }
    }
}

/// Keys of a location dictionary.
enum LocationKey: UInt8, DictionaryKey {
    case latitude, longitude, horizontalAccuracy, verticalAccuracy, altitude, speed, course, timestamp

    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> LocationKey? {
        for raw in LocationKey.latitude.rawValue...LocationKey.timestamp.rawValue {
            if let key = LocationKey(rawValue: raw), spells(bytes, count, key.name) { return key }
        }
        return nil
    }

    var name: StaticString {
        switch self {
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .horizontalAccuracy: "horizontalAccuracy"
        case .verticalAccuracy: "verticalAccuracy"
        case .altitude: "altitude"
        case .speed: "speed"
        case .course: "course"
        case .timestamp: "timestamp"
        }
    }
}

/// Keys of a reference dictionary: Web Services (`zoneID`) and CKToolJS (`zone`, `owner`) spellings.
enum ReferenceKey: UInt8, DictionaryKey {
    case recordName, action, zoneID, zone, owner

    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> ReferenceKey? {
        for raw in ReferenceKey.recordName.rawValue...ReferenceKey.owner.rawValue {
            if let key = ReferenceKey(rawValue: raw), spells(bytes, count, key.name) { return key }
        }
        return nil
    }

    var name: StaticString {
        switch self {
        case .recordName: "recordName"
        case .action: "action"
        case .zoneID: "zoneID"
        case .zone: "zone"
        case .owner: "owner"
        }
    }
}

/// Keys of an asset dictionary (Web Services `downloadURL`, CKToolJS `downloadUrl`).
enum AssetKey: UInt8, DictionaryKey {
    case fileChecksum, size, referenceChecksum, wrappingKey, receipt, downloadURL, downloadUrl

    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> AssetKey? {
        for raw in AssetKey.fileChecksum.rawValue...AssetKey.downloadUrl.rawValue {
            if let key = AssetKey(rawValue: raw), spells(bytes, count, key.name) { return key }
        }
        return nil
    }

    var name: StaticString {
        switch self {
        case .fileChecksum: "fileChecksum"
        case .size: "size"
        case .referenceChecksum: "referenceChecksum"
        case .wrappingKey: "wrappingKey"
        case .receipt: "receipt"
        case .downloadURL: "downloadURL"
        case .downloadUrl: "downloadUrl"
        }
    }
}

/// Keys of a zone ID dictionary.
enum ZoneIDKey: UInt8, DictionaryKey {
    case zoneName, ownerRecordName, zoneType

    static func match(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> ZoneIDKey? {
        for raw in ZoneIDKey.zoneName.rawValue...ZoneIDKey.zoneType.rawValue {
            if let key = ZoneIDKey(rawValue: raw), spells(bytes, count, key.name) { return key }
        }
        return nil
    }

    var name: StaticString {
        switch self {
        case .zoneName: "zoneName"
        case .ownerRecordName: "ownerRecordName"
        case .zoneType: "zoneType"
        }
    }
}
