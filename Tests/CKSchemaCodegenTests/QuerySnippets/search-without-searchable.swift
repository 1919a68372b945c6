// expect-error: requires that 'Category.QueryFields.TextIndex' (aka 'CloudKitSchema.Unindexed') conform to 'CloudKitSchema.SearchableIndex'
import CloudJournalModels

// Category has no SEARCHABLE field, so `self CONTAINS` finds nothing in production.
let query = Category.query { $0.text(containsAnyOf: "work") }
