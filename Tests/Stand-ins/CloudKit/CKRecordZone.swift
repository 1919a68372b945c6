public import Foundation

/// The name CloudKit uses for the current user as a zone owner.
public let CKCurrentUserDefaultName: String = "__defaultOwner__"

/// A database partition that contains related records.
open class CKRecordZone: NSObject, @unchecked Sendable {
    /// The zone's ID.
    open private(set) var zoneID: CKRecordZone.ID

    /// A zone with the specified name, owned by the current user.
    public init(zoneName: String) {
        self.zoneID = CKRecordZone.ID(zoneName: zoneName)
        super.init()
    }

    /// A zone with the specified ID.
    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
        super.init()
    }

    /// An object that uniquely identifies a record zone in a database.
    open class ID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
        /// The name of the default zone.
        public static let defaultZoneName: String = "_defaultZone"
        /// The default zone ID.
        public static let `default`: CKRecordZone.ID = CKRecordZone.ID()

        /// The unique name of the record zone.
        open private(set) var zoneName: String
        /// The ID of the user who owns the record zone.
        open private(set) var ownerName: String

        /// Creates a record zone ID with the specified name and owner.
        public init(zoneName: String = CKRecordZone.ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
            self.zoneName = zoneName
            self.ownerName = ownerName
            super.init()
        }

        /// Zone IDs are equal when their names and owners are.
        open override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? CKRecordZone.ID else { return false }
            return zoneName == other.zoneName && ownerName == other.ownerName
        }

        /// A hash consistent with `isEqual(_:)`.
        open override var hash: Int {
            var hasher = Hasher()
            hasher.combine(zoneName)
            hasher.combine(ownerName)
            return hasher.finalize()
        }

        /// Zone IDs decode with secure coding.
        public static var supportsSecureCoding: Bool { true }

        /// Archives the zone name and owner.
        open func encode(with coder: NSCoder) {
            coder.encode(NSString(string: zoneName), forKey: "zoneName")
            coder.encode(NSString(string: ownerName), forKey: "ownerName")
        }

        /// Restores a zone ID archived by `encode(with:)`.
        public required init?(coder: NSCoder) {
            guard let zoneName = coder.decodeObject(of: NSString.self, forKey: "zoneName"),
                  let ownerName = coder.decodeObject(of: NSString.self, forKey: "ownerName")
            else { return nil }
            self.zoneName = String(zoneName)
            self.ownerName = String(ownerName)
            super.init()
        }

        /// Zone IDs are immutable, so a copy is the ID itself.
        open func copy(with zone: NSZone? = nil) -> Any {
            self
        }
    }
}
