// expect-error: has no member 'ascending'
import CloudJournalModels

// Lists are tested for membership; they do not sort.
let query = JournalEntry.query { $0.tags.contains("a") }.sorted { $0.tags.ascending }
