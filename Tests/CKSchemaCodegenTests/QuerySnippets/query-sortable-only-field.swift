// expect-error: referencing operator function '==' on 'CloudKitSchema.Field' requires that 'CloudKitSchema.Sortable' conform to 'CloudKitSchema.QueryableIndex'
import CloudJournalModels

// `sortOrder` of EntryImage is SORTABLE only: production refuses equality ("not marked queryable").
let query = EntryImage.query { $0.sortOrder == 2 }
