// expect-error: cannot convert value of type 'Category.ID' (aka 'CloudKitSchema.RecordID<Category>') to expected argument type 'JournalEntry.ID'
import CloudJournalModels

// `entry` references JournalEntry: a Category ID is not one.
let query = EntryImage.query { $0.entry == Category.ID(recordName: "c") }
