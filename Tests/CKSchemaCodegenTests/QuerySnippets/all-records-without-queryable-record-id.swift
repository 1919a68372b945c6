// expect-error: requires that 'Item.RecordIDIndex' (aka 'EdgeCaseSchema.Unindexed') conform to 'EdgeCaseSchema.QueryableIndex'
import EdgeCaseModels

// CD_Item's `___recordID` is not QUERYABLE: "Field 'recordName' is not marked queryable".
let query = Item.allRecords()
