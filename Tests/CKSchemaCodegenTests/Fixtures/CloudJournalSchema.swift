import CKSchemaCore

/// The CloudJournal example schema as a `Schema` value: a journal app with categories, entries (an encrypted
/// body, an enum mood, a bool, a reference to a category), images (an asset and an owning reference) and
/// entries published to the public database.
enum CloudJournalSchema {
    /// The schema path headers name.
    static let path = "schemas/cloudjournal.yaml"

    /// The schema.
    static let schema = Schema(roles: [Role(name: "Moderator")], recordTypes: [category, journalEntry, entryImage,
                                                                               publishedEntry])

    static let category = RecordType(
        name: "Category",
        fields: [
            Field(name: "name", type: .string, indexes: [.queryable, .sortable],
                  metadata: FieldMetadata(isRequired: true, documentation: "The name shown in the sidebar.")),
            Field(name: "colorHex", type: .string),
            Field(name: "sortOrder", type: .int64, indexes: [.sortable], metadata: FieldMetadata(defaultValue: .integer(0))),
            Field(name: "symbolName", type: .string),
        ],
        metadata: RecordTypeMetadata(database: .private, documentation: "A user-defined group of journal entries.")
    )

    static let journalEntry = RecordType(
        name: "JournalEntry",
        fields: [
            Field(name: "title", type: .string, indexes: [.queryable, .searchable]),
            Field(name: "body", type: .string.encrypted,
                  metadata: FieldMetadata(documentation: "The entry text, end-to-end encrypted.")),
            Field(name: "mood", type: .string, metadata: FieldMetadata(
                logicalType: .enumeration(["happy", "neutral", "sad", "excited", "anxious"]),
                defaultValue: .string("neutral"))),
            Field(name: "createdAt", type: .timestamp, indexes: [.sortable], metadata: FieldMetadata(isRequired: true)),
            Field(name: "isFavorite", type: .int64, indexes: [.queryable], metadata: FieldMetadata(logicalType: .bool)),
            Field(name: "category", type: .reference, indexes: [.queryable],
                  metadata: FieldMetadata(referenceTarget: "Category", referenceAction: ReferenceAction.none)),
            Field(name: "tags", type: .list(.string)),
            Field(name: "place", type: .location.encrypted),
        ],
        systemFieldIndexes: [.recordID: [.queryable], .createTime: [.queryable, .sortable]],
        metadata: RecordTypeMetadata(database: .private, documentation: "One dated entry of the journal.")
    )

    static let entryImage = RecordType(
        name: "EntryImage",
        fields: [
            Field(name: "entry", type: .reference, indexes: [.queryable], metadata: FieldMetadata(
                referenceTarget: "JournalEntry", referenceAction: .deleteSelf, isRequired: true)),
            Field(name: "image", type: .asset, metadata: FieldMetadata(isRequired: true)),
            Field(name: "caption", type: .string.encrypted),
            Field(name: "position", type: .int64, indexes: [.sortable], metadata: FieldMetadata(defaultValue: .integer(0))),
            Field(name: "takenAt", type: .timestamp),
        ],
        metadata: RecordTypeMetadata(database: .private, documentation: "A photo attached to an entry.")
    )

    static let publishedEntry = RecordType(
        name: "PublishedEntry",
        fields: [
            Field(name: "title", type: .string, indexes: [.queryable, .searchable],
                  metadata: FieldMetadata(isRequired: true)),
            Field(name: "body", type: .string),
            Field(name: "publishedAt", type: .timestamp, indexes: [.queryable, .sortable]),
            Field(name: "authorName", type: .string),
        ],
        grants: [Grant(.read, to: Role.world), Grant(.create, to: Role.icloud), Grant(.write, to: Role.creator),
                 Grant([.read, .write], to: "Moderator")],
        metadata: RecordTypeMetadata(database: .public, documentation: "An entry shared publicly.")
    )
}
