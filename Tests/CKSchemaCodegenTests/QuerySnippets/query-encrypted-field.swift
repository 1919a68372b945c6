// expect-error: value of type 'JournalEntry.QueryFields' has no member 'body'
import CloudJournalModels

// `body` is ENCRYPTED: CloudKit cannot index it.
let query = JournalEntry.query { $0.body == "secret" }
