#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import CoreLocation
import Foundation
import Testing

/// Typed queries render as `CKQuery`: the record type, `NSPredicate(format:argumentArray:)` with the objects
/// CloudKit takes (strings, numbers, dates, references, locations, arrays), sort descriptors (location sorts as
/// `CKLocationSortDescriptor`) and desired keys. Linux only: the stand-in records what the predicate was built from.
@Suite struct QueryRenderingTests {
    @Test func theCKQueryCarriesTypePredicateAndSorts() throws {
        let entry = JournalEntry.ID(recordName: "e", zoneName: "JournalZone", ownerName: "owner")
        let query = EntryImage.query { $0.entry == entry }.sorted { $0.sortOrder.ascending }.fetching([.caption])
        let ckQuery = query.ckQuery
        #expect(ckQuery.recordType == "EntryImage")
        let format = try #require(ckQuery.predicate.standInFormat)
        #expect(format.format == "%K == %@")
        #expect(format.arguments.count == 2)
        #expect((format.arguments[0] as? NSString) == "entry")
        let reference = try #require(format.arguments[1] as? CKRecord.Reference)
        #expect(reference.recordID == CKRecord.ID(recordName: "e", zoneID: CKRecordZone.ID(zoneName: "JournalZone",
                                                                                         ownerName: "owner")))
        #expect(reference.action == .none)
        let sorts = try #require(ckQuery.sortDescriptors)
        #expect(sorts.map(\.standInKey) == ["sortOrder"])
        #expect(sorts.map(\.ascending) == [true])
        // The required fields come along, so that the records read.
        #expect(query.ckDesiredKeys == ["caption", "entry", "imageAsset"])
        #expect(JournalEntry.allRecords().ckDesiredKeys == nil)
        #expect(JournalEntry.allRecords().ckQuery.sortDescriptors == nil)
    }

    @Test func argumentsBecomeTheObjectsCloudKitTakes() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let query = JournalEntry.query {
            $0.isFavorite == true && $0.createdAt > date && $0.mood.isIn([.happy, .sad]) && $0.title == "T"
        }
        let arguments = try #require(query.ckQuery.predicate.standInFormat).arguments
        #expect((arguments[1] as? NSNumber)?.int64Value == 1)
        #expect((arguments[3] as? NSDate)?.timeIntervalSince1970 == 1_700_000_000)
        #expect((arguments[5] as? NSArray)?.compactMap { $0 as? NSString } == ["happy", "sad"])
        #expect((arguments[7] as? NSString) == "T")
        let here = EdgeCaseSchema.Location(latitude: 52.5, longitude: 13.4)
        let nearby = Everything.query { $0.location.isWithin(kilometers: 10, of: here) && $0.double > 0.5 }
            .sorted { $0.location.byDistance(from: here) }.ckQuery
        let nearbyArguments = try #require(nearby.predicate.standInFormat).arguments
        #expect((nearbyArguments[1] as? CLLocation)?.coordinate.latitude == 52.5)
        #expect((nearbyArguments[2] as? NSNumber)?.doubleValue == 10)
        #expect((nearbyArguments[4] as? NSNumber)?.doubleValue == 0.5)
        let locationSort = try #require(nearby.sortDescriptors?.first as? CKLocationSortDescriptor)
        #expect(locationSort.standInKey == "location")
        #expect(locationSort.relativeLocation.coordinate.longitude == 13.4)
    }
}
#endif
