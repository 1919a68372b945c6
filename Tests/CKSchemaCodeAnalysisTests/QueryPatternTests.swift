import Testing

/// Queries: predicates (every operator of the format grammar, `%K`, compound predicates), match-all
/// queries, sorts and desired keys, each tied to its query's record type.
@Suite struct QueryPatternTests {
    @Test func everyOperatorAndItsIndex() {
        let found = CodeCheckHarness.usages(["""
            let format = "title == %@ AND rank != 3 AND createdAt >= %@ AND %@ IN tags AND title BEGINSWITH[c] 'Gro' AND tags CONTAINS %@ AND NOT (body < 'b' OR ANY tags == 'x') AND rank BETWEEN {1, 5}"
            let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "title == %@ AND rank != 3 AND createdAt >= %@ AND %@ IN tags AND title BEGINSWITH[c] 'Gro' AND tags CONTAINS %@ AND NOT (body < 'b' OR ANY tags == 'x') AND rank BETWEEN {1, 5}", "t", Date() as NSDate, "home", "work"))
            """])
        #expect(found == ["query Note", "equality Note.title", "equality Note.rank", "range Note.createdAt",
                          "membership Note.tags", "prefix Note.title", "membership Note.tags", "range Note.body",
                          "membership Note.tags", "range Note.rank"])
    }

    @Test func formatKeysSearchDistanceAndTruePredicate() {
        let found = CodeCheckHarness.usages(["""
            enum Field { static let title = "title" }
            let a = CKQuery(recordType: "Note", predicate: NSPredicate(format: "%K == %@ && %K > %d", Field.title, "t", "rank", 3))
            let b = CKQuery(recordType: "Note", predicate: NSPredicate(format: "self contains %@", "milk"))
            let c = CKQuery(recordType: "Place", predicate: NSPredicate(format: "distanceToLocation:fromLocation:(location, %@) < %f", here, 500.0))
            let d = CKQuery(recordType: "Note", predicate: NSPredicate(format: "TRUEPREDICATE"))
            let e = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
            """])
        #expect(found == ["query Note", "equality Note.title", "range Note.rank", "query Note", "search Note",
                          "query Place", "distance Place.location", "query Note", "all Note", "query Note", "all Note"])
    }

    @Test func predicatesHeldInLocalsAndCompoundPredicates() {
        let found = CodeCheckHarness.usages(["""
            func fetch() {
                let byTitle = NSPredicate(format: "title == %@", "t")
                let recent = NSPredicate(format: "createdAt > %@", Date() as NSDate)
                let both = NSCompoundPredicate(andPredicateWithSubpredicates: [byTitle, recent])
                let query = CKQuery(recordType: "Note", predicate: both)
            }
            """])
        #expect(found == ["query Note", "range Note.createdAt", "equality Note.title"])
    }

    @Test func sortsAndDesiredKeysFollowTheirQuery() {
        let found = CodeCheckHarness.usages(["""
            func fetch(db: CKDatabase, here: CLLocation) async throws {
                let query = CKQuery(recordType: "Note", predicate: NSPredicate(value: true))
                query.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false),
                                         CKLocationSortDescriptor(key: "place", relativeLocation: here)]
                let keys: [CKRecord.FieldKey] = ["title", "rank"]
                _ = try await db.records(matching: query, inZoneWith: nil, desiredKeys: keys, resultsLimit: 10)
                let operation = CKQueryOperation(query: query)
                operation.desiredKeys = ["body"]
                let all = CKQueryOperation(query: CKQuery(recordType: "Tag", predicate: NSPredicate(value: true)))
                all.desiredKeys = nil
            }
            """])
        #expect(found == ["query Note", "all Note", "sort Note.createdAt", "locationSort Note.place",
                          "desired Note.title", "desired Note.rank", "desired Note.body", "query Tag", "all Tag"])
    }

    @Test func subscriptionsAreQueriesWithoutTheMatchAllIndexNeed() {
        let found = CodeCheckHarness.usages(["""
            let a = CKQuerySubscription(recordType: "Note", predicate: NSPredicate(format: "tags CONTAINS %@", "x"),
                                        options: [.firesOnRecordCreation])
            let b = CKQuerySubscription(recordType: "Note", predicate: NSPredicate(value: true), options: [])
            """])
        #expect(found == ["query Note", "membership Note.tags", "query Note"])
    }

    @Test func formatsThatCannotBeReadAreNotes() {
        let found = CodeCheckHarness.usages(["""
            func fetch(_ field: String, _ format: String) {
                let a = CKQuery(recordType: "Note", predicate: NSPredicate(format: "\\(field) == %@", "x"))
                let b = CKQuery(recordType: "Note", predicate: NSPredicate(format: format))
                let c = CKQuery(recordType: "Note", predicate: NSPredicate(format: "title == == %@", "x"))
                let d = CKQuery(recordType: "Note", predicate: NSPredicate(format: "%K == %@", field, "x"))
            }
            """])
        #expect(found == ["query Note", "equality Note.?", "query Note", "equality Note.?", "query Note",
                          "equality Note.?", "query Note", "equality Note.?"])
    }
}
