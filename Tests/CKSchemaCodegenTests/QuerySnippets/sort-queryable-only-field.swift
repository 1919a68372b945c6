// expect-error: requires that 'CloudKitSchema.Queryable' conform to 'CloudKitSchema.SortableIndex'
import CloudJournalModels

// `title` of JournalEntry is QUERYABLE and SEARCHABLE, not SORTABLE ("not marked sortable").
let query = JournalEntry.query { $0.isFavorite == true }.sorted { $0.title.ascending }
