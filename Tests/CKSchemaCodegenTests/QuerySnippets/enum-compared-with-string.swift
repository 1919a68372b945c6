// expect-error: cannot be applied to operands of type 'CloudKitSchema.Field<JournalEntry, JournalEntry.Mood, CloudKitSchema.Queryable>' and 'String'
import CloudJournalModels

// Enums compare with their cases, which store the schema's values.
let mood = "happy"
let query = JournalEntry.query { $0.mood == mood }
