public import Foundation
public import CoreLocation

/// A query that describes the criteria to apply when searching for records in a database.
open class CKQuery: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The record type to search.
    open private(set) var recordType: CKRecord.RecordType
    /// The predicate to use for matching records.
    open private(set) var predicate: NSPredicate
    /// The sort descriptors for organizing the query's results.
    open var sortDescriptors: [NSSortDescriptor]?

    /// Creates a query with the specified record type and predicate.
    public init(recordType: CKRecord.RecordType, predicate: NSPredicate) {
        self.recordType = recordType
        self.predicate = predicate
        super.init()
    }

    /// Queries decode with secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the record type; the stand-in does not archive predicates.
    open func encode(with coder: NSCoder) {
        coder.encode(NSString(string: recordType), forKey: "recordType")
    }

    /// Restores a query archived by `encode(with:)`, matching every record.
    public required init?(coder: NSCoder) {
        guard let recordType = coder.decodeObject(of: NSString.self, forKey: "recordType") else { return nil }
        self.recordType = String(recordType)
        self.predicate = NSPredicate(value: true)
        super.init()
    }

    /// Returns a query with the same record type, predicate and sort descriptors.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKQuery(recordType: recordType, predicate: predicate)
        copy.sortDescriptors = sortDescriptors
        return copy
    }
}

/// An object for sorting records that contain location data.
open class CKLocationSortDescriptor: NSSortDescriptor {
    /// The reference location for sorting records.
    open private(set) var relativeLocation: CLLocation

    /// Creates a location sort descriptor using the specified key and relative location.
    public init(key: String, relativeLocation: CLLocation) {
        self.relativeLocation = relativeLocation
        super.init(keyPath: \SortKey.value, ascending: true)
        SortDescriptorKeys.record(key, for: self)
    }

    /// Location sort descriptors are not archived by the stand-in.
    public required init?(coder: NSCoder) {
        nil
    }
}
