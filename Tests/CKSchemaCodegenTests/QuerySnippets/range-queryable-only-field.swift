// expect-error: referencing operator function '<' on 'CloudKitSchema.Field' requires that 'CloudKitSchema.Queryable' conform to 'CloudKitSchema.SortableIndex'
import CloudJournalModels

// Ranges need SORTABLE; `title` is not.
let query = JournalEntry.query { $0.title < "M" }
