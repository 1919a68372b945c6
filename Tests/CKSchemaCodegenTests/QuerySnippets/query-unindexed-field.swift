// expect-error: value of type 'PublishedEntry.QueryFields' has no member 'authorName'
import CloudJournalModels

// `authorName` has no index at all.
let query = PublishedEntry.query { $0.authorName == "Ann" }
