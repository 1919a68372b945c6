public import Foundation

extension CKRecord {
    /// Constants that indicate the behavior when deleting a referenced record.
    public enum ReferenceAction: UInt, Sendable {
        /// A reference action that has no cascading behavior.
        case none = 0
        /// A reference action that cascades deletions.
        case deleteSelf = 1
    }

    /// A relationship between two records in a record zone.
    open class Reference: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
        /// A type that represents additional actions that occur when deleting references.
        public typealias Action = CKRecord.ReferenceAction

        /// The ownership behavior for the records.
        open private(set) var action: CKRecord.ReferenceAction
        /// The ID of the referenced record.
        open private(set) var recordID: CKRecord.ID

        /// Creates a reference object that points to the record with the specified ID.
        public init(recordID: CKRecord.ID, action: CKRecord.ReferenceAction) {
            self.recordID = recordID
            self.action = action
            super.init()
        }

        /// Creates a reference object that points to the specified record object.
        public convenience init(record: CKRecord, action: CKRecord.ReferenceAction) {
            self.init(recordID: record.recordID, action: action)
        }

        /// References are equal when they point at the same record with the same action.
        open override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? CKRecord.Reference else { return false }
            return action == other.action && recordID.isEqual(other.recordID)
        }

        /// A hash consistent with `isEqual(_:)`.
        open override var hash: Int {
            recordID.hash ^ Int(action.rawValue)
        }

        /// References decode with secure coding.
        public static var supportsSecureCoding: Bool { true }

        /// Archives the target and the action.
        open func encode(with coder: NSCoder) {
            recordID.encode(with: coder)
            coder.encode(Int64(action.rawValue), forKey: "action")
        }

        /// Restores a reference archived by `encode(with:)`.
        public required init?(coder: NSCoder) {
            guard let recordID = CKRecord.ID(coder: coder),
                  let action = CKRecord.ReferenceAction(rawValue: UInt(clamping: coder.decodeInt64(forKey: "action")))
            else { return nil }
            self.recordID = recordID
            self.action = action
            super.init()
        }

        /// References are immutable, so a copy is the reference itself.
        open func copy(with zone: NSZone? = nil) -> Any {
            self
        }
    }
}

extension CKRecord.Reference: __CKRecordObjCValue {}
extension CKRecord.Reference: CKRecordValueProtocol {}
