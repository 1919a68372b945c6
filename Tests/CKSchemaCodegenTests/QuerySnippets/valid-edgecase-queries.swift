// expect: compiles
import EdgeCaseModels
import Foundation

func edgeCaseQueries(here: EdgeCaseSchema.Location, item: Item.ID, date: Date) -> [Any] {
    [
        Everything.query { $0.location.isWithin(kilometers: 10, of: here) }.sorted { $0.location.byDistance(from: here) },
        Everything.query { $0.int64 > -1 && $0.int64.isIn([1, 2]) && $0.flag == true && $0.numberInt == 3 }
            .sorted { $0.double.descending },
        Everything.query { $0.status == .inProgress && $0.statuses.contains(.a) && $0.references.contains(item) }
            .sorted { $0.timestamp.ascending },
        Everything.query { $0.int64s.containsAny(of: [1, 2]) && $0.anyReference == EdgeCaseSchema.RecordID(recordName: "x") },
        Everything.query { $0.ownerReference == Everything.ID(recordName: "o") && $0.text(containsAnyOf: "x") },
        Everything.query { $0.touched(by: EdgeCaseSchema.RecordID(recordName: "_u")) }.sorted { $0.string.ascending },
        Item.query { $0.modificationDate == date }.sorted { $0.creationDate.ascending },
    ]
}

extension Everything.QueryFields {
    /// The creator and last modifier are QUERYABLE system fields of `Everything`.
    func touched(by user: EdgeCaseSchema.RecordID<EdgeCaseSchema.AnyRecord>) -> EdgeCaseSchema.Predicate<Everything> {
        creatorUserRecordID == user && lastModifiedUserRecordID == user && recordID != Everything.ID()
    }
}
