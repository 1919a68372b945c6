// Places near the user: CKRecord.FieldKey constants, a location query and a distance sort.
import CloudKit
import CoreLocation

extension CKRecord.FieldKey {
    static let name = "name"
    static let location = "location"
    static let tags = "tags"
    static let rating = "rating"
}

enum PlaceRecords {
    static let type = "Place"
}

func savePlace(named name: String, at coordinate: CLLocation, tags: [String]) -> CKRecord {
    let place = CKRecord(recordType: PlaceRecords.type)
    place.setValuesForKeys([
        CKRecord.FieldKey.name: name,
        CKRecord.FieldKey.location: coordinate,
    ])
    place[.tags] = tags as CKRecordValue
    place.setObject(4.5 as CKRecordValue, forKey: .rating)
    return place
}

func placesNear(_ here: CLLocation, radiusInKilometers radius: Double, tag: String) -> CKQuery {
    let predicate = NSPredicate(format: "distanceToLocation:fromLocation:(%K, %@) < %f AND %@ IN tags",
                                CKRecord.FieldKey.location, here, radius, tag)
    let query = CKQuery(recordType: PlaceRecords.type, predicate: predicate)
    query.sortDescriptors = [CKLocationSortDescriptor(key: CKRecord.FieldKey.location, relativeLocation: here)]
    return query
}

func describe(_ place: CKRecord) -> String {
    guard place.recordType == PlaceRecords.type else { return "" }
    let name = place[.name] as? String ?? "?"
    let rating = place.object(forKey: .rating) as? Double ?? 0
    return "\(name) (\(rating))"
}
