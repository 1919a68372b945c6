public import Foundation

extension CKRecord {
    /// An object that uniquely identifies a record in a database.
    open class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
        /// The unique name of the record.
        open private(set) var recordName: String
        /// The ID of the zone that contains the record.
        open private(set) var zoneID: CKRecordZone.ID

        /// Creates a new record ID with the specified name in the default zone.
        public convenience init(recordName: String) {
            self.init(recordName: recordName, zoneID: CKRecordZone.ID.default)
        }

        /// Creates a new record ID with the specified name and zone information.
        public init(recordName: String = UUID().uuidString, zoneID: CKRecordZone.ID = CKRecordZone.ID.default) {
            self.recordName = recordName
            self.zoneID = zoneID
            super.init()
        }

        /// Record IDs are equal when their names and zones are.
        open override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? CKRecord.ID else { return false }
            return recordName == other.recordName && zoneID.isEqual(other.zoneID)
        }

        /// A hash consistent with `isEqual(_:)`.
        open override var hash: Int {
            var hasher = Hasher()
            hasher.combine(recordName)
            hasher.combine(zoneID.hash)
            return hasher.finalize()
        }

        /// Record IDs decode with secure coding.
        public static var supportsSecureCoding: Bool { true }

        /// Archives the record name and the zone.
        open func encode(with coder: NSCoder) {
            coder.encode(NSString(string: recordName), forKey: "recordName")
            coder.encode(NSString(string: zoneID.zoneName), forKey: "zoneName")
            coder.encode(NSString(string: zoneID.ownerName), forKey: "ownerName")
        }

        /// Restores a record ID archived by `encode(with:)`.
        public required init?(coder: NSCoder) {
            guard let recordName = coder.decodeObject(of: NSString.self, forKey: "recordName"),
                  let zoneName = coder.decodeObject(of: NSString.self, forKey: "zoneName"),
                  let ownerName = coder.decodeObject(of: NSString.self, forKey: "ownerName")
            else { return nil }
            self.recordName = String(recordName)
            self.zoneID = CKRecordZone.ID(zoneName: String(zoneName), ownerName: String(ownerName))
            super.init()
        }

        /// Record IDs are immutable, so a copy is the ID itself.
        open func copy(with zone: NSZone? = nil) -> Any {
            self
        }
    }
}
