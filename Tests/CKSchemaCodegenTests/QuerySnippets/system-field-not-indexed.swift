// expect-error: referencing operator function '==' on 'CloudKitSchema.Field' requires that 'CloudKitSchema.Sortable' conform to 'CloudKitSchema.QueryableIndex'
// expect-error: value of type 'JournalEntry.QueryFields' has no member 'lastModifiedUserRecordID'
import CloudJournalModels
import Foundation

// JournalEntry's `___modTime` is SORTABLE only, and `___modifiedBy` has no index.
let byDate = JournalEntry.query { $0.modificationDate == Date() }
let byEditor = JournalEntry.query { $0.lastModifiedUserRecordID == Users.ID(recordName: "_a") }
