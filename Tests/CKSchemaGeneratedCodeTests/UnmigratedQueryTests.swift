#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import CoreLocation
import Foundation
import Testing

/// Finding the records a field migration has not reached: `unmigrated…Query` asks the server for the records
/// holding any value in the retired field (a range from its type's smallest value, a distance no two points on
/// Earth exceed), and `needs…Migration(_:)` keeps those still lacking the new field, since the server also
/// returns records already migrated. Through the stand-ins, with `Migrated` of the edge-case schema.
@Suite struct UnmigratedQueryTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })

    @Test func eachQueryAsksForAnyValueOfTheRetiredField() throws {
        let cases: [(EdgeCaseSchema.Query<Migrated>, String, [EdgeCaseSchema.QueryArgument])] = [
            (Migrated.unmigratedRatingQuery, "%K >= %@", [.key("stars"), .int64(.min)]),
            (Migrated.unmigratedPriceTextQuery, "%K >= %@", [.key("priceValue"), .double(-Double.greatestFiniteMagnitude)]),
            (Migrated.unmigratedTakenSecondsQuery, "%K >= %@", [.key("takenAt"), .date(.distantPast)]),
            (Migrated.unmigratedTagsQuery, "%K >= %@", [.key("tag"), .string("")]),
            (Migrated.unmigratedPlaceQuery, "distanceToLocation:fromLocation:(%K, %@) < %@",
             [.key("spot"), .location(EdgeCaseSchema.Location(latitude: 0, longitude: 0,
                                                              timestamp: Date(timeIntervalSince1970: 0))), .double(20_100)]),
        ]
        for (query, format, arguments) in cases {
            #expect(query.predicate.format == format)
            #expect(query.predicate.arguments == arguments)
            #expect(query.ckQuery.recordType == "Migrated")
            #expect(query.ckDesiredKeys == nil)          // every field: the check needs the new one
            let rendered = try #require(query.ckQuery.predicate.standInFormat)
            #expect(rendered.format == format)
        }
        let stars = try #require(Migrated.unmigratedRatingQuery.ckQuery.predicate.standInFormat).arguments
        #expect((stars[0] as? NSString) == "stars")
        #expect((stars[1] as? NSNumber)?.int64Value == .min)
        let spot = try #require(Migrated.unmigratedPlaceQuery.ckQuery.predicate.standInFormat).arguments
        #expect((spot[1] as? CLLocation)?.coordinate.latitude == 0 && (spot[2] as? NSNumber)?.doubleValue == 20_100)
    }

    /// The condition holds for every value the retired field can have, at the limits of its type.
    @Test func everyValueMeetsTheCondition() {
        for value in [Int64.min, -1, 0, .max] { #expect(value >= Int64.min) }
        for value in [-Double.greatestFiniteMagnitude, -1, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            #expect(value >= -Double.greatestFiniteMagnitude)
        }
        for value in ["", " ", "A", "a", "\u{0}", "😀"] { #expect(value >= "") }
        // Antipodes, the farthest points apart, are about 20,015 km apart along a meridian.
        let antipode = CLLocation(latitude: 0, longitude: 180)
        #expect(CLLocation(latitude: 0, longitude: 0).distance(from: antipode) < 20_100_000)
    }

    @Test func theCheckKeepsOnlyRecordsLackingTheNewField() throws {
        // Saved by the previous app version: the retired keys only.
        let oldOnly = try database.save(MigrationTests.oldVersionRecord(name: "old"))
        #expect(Migrated.needsRatingMigration(oldOnly) && Migrated.needsTakenSecondsMigration(oldOnly))
        #expect(Migrated.needsPriceTextMigration(oldOnly) && Migrated.needsTagsMigration(oldOnly))

        // Read and saved by this version: the new keys written, and the retired ones kept under `dualWrite`, so that
        // the server query still returns it.
        let both = try database.save(try Migrated(record: oldOnly).makeRecord())
        #expect(both["stars"] as? Int64 == 4 && both["rating"] as? Double == 4)
        #expect(!Migrated.needsRatingMigration(both) && !Migrated.needsTakenSecondsMigration(both))
        #expect(!Migrated.needsPriceTextMigration(both) && !Migrated.needsTagsMigration(both))

        // Created by this version without `dualWrite` for `place`: only the new key.
        let newOnly = CKRecord(recordType: "Migrated", recordID: CKRecord.ID(recordName: "new", zoneID: MigrationTests.zone))
        newOnly["rating"] = 2.5
        newOnly["place"] = CLLocation(latitude: 1, longitude: 2)
        #expect(!Migrated.needsRatingMigration(newOnly) && !Migrated.needsPlaceMigration(newOnly))

        let spotOnly = CKRecord(recordType: "Migrated", recordID: CKRecord.ID(recordName: "spot", zoneID: MigrationTests.zone))
        spotOnly["spot"] = CLLocation(latitude: 1, longitude: 2)
        spotOnly["wholeCount"] = Int64(1)                                 // required
        #expect(Migrated.needsPlaceMigration(spotOnly) && !Migrated.needsRatingMigration(spotOnly))
        // The check reads what the place reads: the model falls back on `spot` and marks `place` for the save.
        let model = try Migrated(record: spotOnly)
        #expect(model.place?.latitude == 1 && model.cloudKitChanges.isChanged(Migrated.FieldKey.place))

        // Another type's record is never one of these.
        let other = CKRecord(recordType: "Everything", recordID: CKRecord.ID(recordName: "x", zoneID: MigrationTests.zone))
        other["stars"] = Int64(1)
        #expect(!Migrated.needsRatingMigration(other))
    }
}
#endif
