#if os(Linux) && canImport(CloudKit)
@_spi(StandIn) import CloudKit
import Foundation
import Testing

/// The cases of the "conflict resolution loses removals" report, one test each: a value cleared on either side
/// stays cleared after a merge (or is a conflict its policy decides), `sum` is exact up to INT64's bounds, and a
/// partial failure without a conflict is left to the caller.
@Suite struct RemovalConflictTests {
    let database = StandInDatabase(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    /// Ancestor and server hold the title; the server changes the body; this device clears the title.
    @Test func aRemovalOnThisDeviceIsKept() throws {
        let saved = try database.save(JournalEntry(title: "T", body: "b", createdAt: Self.day, modifiedAt: Self.day)
            .makeRecord())
        var phone = try JournalEntry(record: saved)
        var laptop = try JournalEntry(record: saved)
        phone.body = "from the phone"
        _ = try database.save(phone.makeRecord())
        laptop.title = nil
        let error = try #require(throws: CKError.self) { try database.save(laptop.makeRecord()) }

        let resolution = try #require(CloudKitSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.conflictedFields[record.recordID] == [])        // one side each: no conflict
        let merged = try JournalEntry(record: try database.save(record))
        #expect(merged.title == nil)                                        // the laptop's removal
        #expect(merged.body == "from the phone")                            // the phone's edit
    }

    /// `owner` merges `server`: the server cleared it, this device changed it, so both changed it and the
    /// server's removal wins — on the record path and on the model path alike.
    @Test func aRemovalOnTheServerIsAChange() throws {
        let saved = try database.save(Tally(lastSeen: Self.day, scores: [], owner: "ann").makeRecord())
        var server = try Tally(record: saved)
        var client = try Tally(record: saved)
        server.owner = nil
        let serverRecord = try database.save(server.makeRecord())
        client.owner = "bob"
        let error = try #require(throws: CKError.self) { try database.save(client.makeRecord()) }

        let resolution = try #require(EdgeCaseSchema.resolveConflicts(in: error))
        let record = try #require(resolution.recordsToSave.first)
        #expect(resolution.conflictedFields[record.recordID] == ["owner"])
        #expect(try Tally(record: try database.save(record)).owner == nil)

        let merged = Tally.merge(ancestor: try Tally(record: saved), server: try Tally(record: serverRecord), client: client)
        #expect(merged.model.owner == nil && merged.conflicts == [.owner])
    }

    /// A field this device never fetched keeps the ancestor's value; so does its clock: `latest` compares the
    /// ancestor's clock with the server's cleared one, and this device's edit wins.
    @Test func aClockThisDeviceDidNotFetchIsTheAncestors() throws {
        let saved = try database.save(JournalEntry(title: "T", createdAt: Self.day, modifiedAt: Self.day).makeRecord())
        let partial = try #require(database.fetch(saved.recordID, desiredKeys: ["title", "createdAt"]))
        var server = try JournalEntry(record: saved)
        server.title = "from the server"
        server.modifiedAt = nil                                             // the server cleared its clock
        let serverRecord = try database.save(server.makeRecord())
        var client = try JournalEntry(record: partial)
        client.title = "from the client"

        let merged = JournalEntry.merge(ancestor: try JournalEntry(record: saved),
                                        server: try JournalEntry(record: serverRecord), client: client)
        #expect(merged.model.title == "from the client")
        #expect(merged.model.modifiedAt == nil)                             // cleared on the server only
        #expect(Set(merged.conflicts) == [.title])
    }

    /// `sum` is server + client − ancestor, exact whenever the result fits INT64, even when a step overflows.
    @Test(arguments: [
        (ancestor: Int64(15), server: Int64(19), client: Int64.min + 3, sum: Int64.min + 7, clamped: false),
        (ancestor: -1, server: .min, client: .max, sum: 0, clamped: false),
        (ancestor: .min, server: .max, client: -1, sum: .max, clamped: true),
        (ancestor: 0, server: .max, client: 1, sum: .max, clamped: true),
        (ancestor: 1, server: .min, client: 0, sum: .min, clamped: true),
        (ancestor: .max, server: 0, client: .min, sum: .min, clamped: true),
        (ancestor: .max, server: .max, client: .max, sum: .max, clamped: false),
    ])
    func sumIsExactUpToTheBounds(_ example: (ancestor: Int64, server: Int64, client: Int64, sum: Int64, clamped: Bool)) {
        let versions = [example.ancestor, example.server, example.client].map { count in
            var tally = Tally(lastSeen: Self.day, scores: [])
            tally.count = count
            return tally
        }
        let merged = Tally.merge(ancestor: versions[0], server: versions[1], client: versions[2])
        #expect(merged.model.count == example.sum)
        #expect(merged.clamped == (example.clamped ? [.count] : []))
    }

    /// A partial failure whose items hold no `serverRecordChanged` is not the resolver's: `nil`, so the caller
    /// rethrows it instead of taking an empty resolution for success.
    @Test func aPartialFailureWithoutAConflictIsNil() {
        let error = CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: [
            CKRecord.ID(recordName: "a"): CKError(.zoneNotFound), CKRecord.ID(recordName: "b"): CKError(.quotaExceeded),
        ] as [AnyHashable: any Error]])
        #expect(CloudKitSchema.resolveConflicts(in: error) == nil)
        #expect(CloudKitSchema.resolveConflicts(in: CKError(.partialFailure)) == nil)
    }
}
#endif
