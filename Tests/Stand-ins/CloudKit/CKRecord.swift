public import Foundation

/// A collection of key-value pairs that store your app's data.
///
/// The stand-in keeps values as Objective-C objects, like CloudKit, in two stores: plain values and the
/// values behind `encryptedValues`. Archiving (`encode(with:)`, `encodeSystemFields(with:)`) writes only the
/// system fields: the record type, ID, change tag, creation and modification metadata.
open class CKRecord: NSObject, NSSecureCoding, NSCopying, CKRecordKeyValueSetting, @unchecked Sendable {
    /// The data type that CloudKit requires for record types.
    public typealias RecordType = String
    /// The data type that CloudKit requires for record field names.
    public typealias FieldKey = String

    /// The value that your app defines to identify the type of record.
    open private(set) var recordType: CKRecord.RecordType
    /// The unique ID of the record.
    open private(set) var recordID: CKRecord.ID
    /// The server change token for the record; `nil` until the server has saved it.
    open internal(set) var recordChangeTag: String?
    /// The time when CloudKit first saves the record to the server.
    open internal(set) var creationDate: Date?
    /// The ID of the user who creates the record.
    open internal(set) var creatorUserRecordID: CKRecord.ID?
    /// The most recent time that CloudKit saved the record to the server.
    open internal(set) var modificationDate: Date?
    /// The ID of the user who most recently modified the record.
    open internal(set) var lastModifiedUserRecordID: CKRecord.ID?

    let plainValues: RecordValueStore
    let encryptedStore: RecordValueStore

    /// Creates a record using an ID that you provide.
    public init(recordType: CKRecord.RecordType, recordID: CKRecord.ID = CKRecord.ID()) {
        self.recordType = recordType
        self.recordID = recordID
        self.plainValues = RecordValueStore()
        self.encryptedStore = RecordValueStore()
        super.init()
    }

    /// Creates a record in the specified zone.
    public convenience init(recordType: CKRecord.RecordType, zoneID: CKRecordZone.ID) {
        self.init(recordType: recordType, recordID: CKRecord.ID(zoneID: zoneID))
    }

    /// An object that manages the record's encrypted key-value pairs.
    open var encryptedValues: any CKRecordKeyValueSetting & Sendable {
        EncryptedValues(store: encryptedStore)
    }

    // MARK: - Fields

    /// Returns the object that the record stores for the specified key.
    open func object(forKey key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        plainValues.object(forKey: key)
    }

    /// Stores an object in the record using the specified key.
    open func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: CKRecord.FieldKey) {
        plainValues.setObject(object, forKey: key)
    }

    /// Returns or stores the object for the specified key.
    open subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    /// Returns an array of the record's keys.
    open func allKeys() -> [CKRecord.FieldKey] {
        plainValues.allKeys()
    }

    /// Returns an array of keys with recent changes to their values.
    open func changedKeys() -> [CKRecord.FieldKey] {
        plainValues.changedKeys() + encryptedStore.changedKeys()
    }

    // MARK: - Archiving

    /// Encodes the record's system fields using the specified archiver.
    open func encodeSystemFields(with coder: NSCoder) {
        coder.encode(NSString(string: recordType), forKey: "recordType")
        recordID.encode(with: coder)
        coder.encode(recordChangeTag.map { NSString(string: $0) }, forKey: "recordChangeTag")
        if let creationDate {
            coder.encode(creationDate.timeIntervalSinceReferenceDate, forKey: "creationDate")
        }
        if let modificationDate {
            coder.encode(modificationDate.timeIntervalSinceReferenceDate, forKey: "modificationDate")
        }
        coder.encode(creatorUserRecordID.map { NSString(string: $0.recordName) }, forKey: "creatorUserRecordName")
        coder.encode(
            lastModifiedUserRecordID.map { NSString(string: $0.recordName) }, forKey: "lastModifiedUserRecordName"
        )
    }

    /// Records decode with secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the record; the stand-in archives the system fields only.
    open func encode(with coder: NSCoder) {
        encodeSystemFields(with: coder)
    }

    /// Restores a record from an archive of its system fields; its field values are empty.
    public required init?(coder: NSCoder) {
        guard let recordType = coder.decodeObject(of: NSString.self, forKey: "recordType"),
              let recordID = CKRecord.ID(coder: coder)
        else { return nil }
        self.recordType = String(recordType)
        self.recordID = recordID
        self.recordChangeTag = coder.decodeObject(of: NSString.self, forKey: "recordChangeTag").map { String($0) }
        if coder.containsValue(forKey: "creationDate") {
            creationDate = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "creationDate"))
        }
        if coder.containsValue(forKey: "modificationDate") {
            modificationDate = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "modificationDate"))
        }
        creatorUserRecordID = coder.decodeObject(of: NSString.self, forKey: "creatorUserRecordName")
            .map { CKRecord.ID(recordName: String($0)) }
        lastModifiedUserRecordID = coder.decodeObject(of: NSString.self, forKey: "lastModifiedUserRecordName")
            .map { CKRecord.ID(recordName: String($0)) }
        self.plainValues = RecordValueStore()
        self.encryptedStore = RecordValueStore()
        super.init()
    }

    /// Returns a copy holding the same system fields and values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecord(recordType: recordType, recordID: recordID, plainValues: plainValues.copy(),
                            encryptedValues: encryptedStore.copy())
        copy.recordChangeTag = recordChangeTag
        copy.creationDate = creationDate
        copy.creatorUserRecordID = creatorUserRecordID
        copy.modificationDate = modificationDate
        copy.lastModifiedUserRecordID = lastModifiedUserRecordID
        return copy
    }

    init(recordType: String, recordID: CKRecord.ID, plainValues: RecordValueStore, encryptedValues: RecordValueStore) {
        self.recordType = recordType
        self.recordID = recordID
        self.plainValues = plainValues
        self.encryptedStore = encryptedValues
        super.init()
    }
}
