public import Foundation

/// A protocol for managing the key-value pairs of a CloudKit record (`CKRecord` and its `encryptedValues`).
public protocol CKRecordKeyValueSetting: NSObjectProtocol {
    /// Returns the object that the record stores for the specified key.
    func object(forKey key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)?
    /// Stores an object in the record using the specified key; `nil` removes the value.
    func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: CKRecord.FieldKey)
    /// Returns or stores the object for the specified key.
    subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? { get set }
    /// Returns an array of the record's keys.
    func allKeys() -> [CKRecord.FieldKey]
    /// Returns an array of keys with recent changes to their values.
    func changedKeys() -> [CKRecord.FieldKey]
}

extension CKRecordKeyValueSetting {
    /// Accesses the value for the specified key as a native Swift type.
    ///
    /// Apple's overlay force-casts here and traps on a value of another type; the stand-in returns `nil`
    /// instead. Generated code does not use this subscript for reading.
    @nonobjc
    public subscript<T: CKRecordValueProtocol>(key: CKRecord.FieldKey) -> T? {
        get {
            object(forKey: key).map(swiftNativeRecordValue) as? T
        }
        set {
            setObject(newValue.flatMap(objectiveCRecordValue), forKey: key)
        }
    }

    /// Accesses the value for the specified key as a native Swift value.
    @nonobjc
    public subscript(key: CKRecord.FieldKey) -> (any CKRecordValueProtocol)? {
        get {
            object(forKey: key).map(swiftNativeRecordValue)
        }
        set {
            setObject(newValue.flatMap(objectiveCRecordValue), forKey: key)
        }
    }
}

/// The key-value storage behind a record's plain or encrypted values, with change tracking.
final class RecordValueStore: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: any __CKRecordObjCValue] = [:]
    private var changed: [String] = []

    func object(forKey key: String) -> (any __CKRecordObjCValue)? {
        lock.withLock { values[key] }
    }

    func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: String) {
        lock.withLock {
            values[key] = object
            if !changed.contains(key) { changed.append(key) }
        }
    }

    func allKeys() -> [String] {
        lock.withLock { values.keys.sorted() }
    }

    func changedKeys() -> [String] {
        lock.withLock { changed }
    }

    func resetChanges() {
        lock.withLock { changed.removeAll() }
    }

    func copy() -> RecordValueStore {
        let copy = RecordValueStore()
        lock.withLock { copy.values = values }
        return copy
    }
}

/// The object behind `CKRecord.encryptedValues`: the record's encrypted key-value pairs.
final class EncryptedValues: NSObject, CKRecordKeyValueSetting, @unchecked Sendable {
    let store: RecordValueStore

    init(store: RecordValueStore) {
        self.store = store
        super.init()
    }

    func object(forKey key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        store.object(forKey: key)
    }

    func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: CKRecord.FieldKey) {
        store.setObject(object, forKey: key)
    }

    subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    func allKeys() -> [CKRecord.FieldKey] {
        store.allKeys()
    }

    func changedKeys() -> [CKRecord.FieldKey] {
        store.changedKeys()
    }
}
