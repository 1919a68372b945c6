public import Foundation

/// An external file that belongs to a record.
open class CKAsset: NSObject, @unchecked Sendable {
    /// The URL for accessing the asset; `nil` when the asset has no local file.
    open private(set) var fileURL: URL?

    /// Creates an asset that references a file.
    public init(fileURL: URL) {
        self.fileURL = fileURL
        super.init()
    }

    /// Assets are equal when they reference the same file.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKAsset else { return false }
        return fileURL == other.fileURL
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int {
        fileURL.hashValue
    }
}

extension CKAsset: __CKRecordObjCValue {}
extension CKAsset: CKRecordValueProtocol {}
