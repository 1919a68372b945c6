#if canImport(CloudKit)
import CloudKit
import CoreLocation
import Foundation

/// An edge-case `Everything` record holding its required fields, with `assets` as its asset list.
func everythingRecord(assets: [URL]) -> CKRecord {
    let record = CKRecord(recordType: "Everything", recordID: CKRecord.ID(recordName: "e"))
    record["string"] = "s"
    record["timestamp"] = Date(timeIntervalSince1970: 0)
    record["location"] = CLLocation(latitude: 1, longitude: 2)
    record["assets"] = assets.map { CKAsset(fileURL: $0) }
    record.encryptedValues["secretBytes"] = Data([1])
    return record
}
#endif
