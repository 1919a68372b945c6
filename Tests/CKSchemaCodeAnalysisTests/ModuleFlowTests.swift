import CKSchemaCore
import Testing

/// Record types and keys that reach CloudKit through the module as a whole: static constants through `Self`
/// and nested types, helpers that make or fill records (through parameters and return values, across files,
/// any depth), protocols implemented per model, key enums, records in closures. Each shape is checked as a
/// finding (the schema lacks what the code uses) and as a non-finding (the schema has it).
@Suite struct ModuleFlowTests {
    /// What production has: `Note` with `title`, `body`, `createdAt`, `done`, `image`; `Tag` with `name`.
    private let schema = """
        recordTypes:
          Note:
            fields:
              title: { type: string, indexes: [queryable] }
              body: { type: string }
              createdAt: { type: timestamp }
              done: { type: int64 }
              image: { type: asset }
          Tag:
            fields:
              name: { type: string }
        """

    private func findings(_ swift: [String]) -> [String] { CodeCheckHarness.findingLines(swift, against: schema) }

    // MARK: - Static constants

    @Test func selfConstantsComputedConstantsAndNestedKeys() {
        let model = """
            struct Note {
                static var recordType: String { "Note" }
                enum Keys { static let title = "title"; static let missing = "subtitle" }
                static let payloadKey = Keys.missing
                var title: String
            }
            """
        let use = """
            extension Note {
                func toRecord() -> CKRecord {
                    let record = CKRecord(recordType: Self.recordType)
                    record[Self.Keys.title] = title
                    record[Note.Keys.title] = title
                    record[Self.payloadKey] = title
                    return record
                }
            }
            """
        #expect(CodeCheckHarness.usages([model, use]) == [
            "create Note", "write:String Note.title", "write:String Note.title", "write:String Note.subtitle",
        ])
        #expect(findings([model, use]) == ["code_field_missing Note.subtitle"])
    }

    @Test func typeNameConstantsAndOuterInnerNames() {
        let swift = """
            enum Schema {
                enum Outer { enum Inner { static let name = "name" } }
            }
            struct Tag {
                static let recordType = String(describing: Tag.self)
                func record() -> CKRecord {
                    let record = CKRecord(recordType: Self.recordType)
                    record[Schema.Outer.Inner.name] = "n"
                    return record
                }
            }
            struct Label {
                static let recordType = String(describing: Self.self)
                func record() -> CKRecord { CKRecord(recordType: Self.recordType) }
            }
            """
        #expect(findings([swift]) == ["code_record_type_missing Label"])
    }

    // MARK: - Helpers

    @Test func recordTypeThroughAFactoryHelperAndItsReturnValue() {
        let helpers = """
            enum CloudHelpers {
                static func baseRecord(type: String, recordID: CKRecord.ID) -> CKRecord {
                    let record = CKRecord(recordType: type, recordID: recordID)
                    record["createdAt"] = Date()
                    return record
                }
            }
            """
        let models = """
            struct Note {
                static let recordType = "Note"
                func toRecord(id: CKRecord.ID) -> CKRecord {
                    let record = CloudHelpers.baseRecord(type: Self.recordType, recordID: id)
                    record["title"] = "t"
                    return record
                }
            }
            struct Label {
                func toRecord(id: CKRecord.ID) -> CKRecord {
                    let record = CloudHelpers.baseRecord(type: "Tag", recordID: id)
                    record["caption"] = "c"
                    return record
                }
            }
            """
        #expect(CodeCheckHarness.usages([helpers, models]).sorted() == [
            "create Note", "create Tag", "write:Date Note.createdAt", "write:Date Tag.createdAt",
            "write:String Note.title", "write:String Tag.caption",
        ])
        #expect(findings([helpers, models]) == ["code_field_missing Tag.caption", "code_field_missing Tag.createdAt"])
    }

    @Test func keysAndValueTypesThroughASetterHelperAtAnyDepth() {
        let helpers = """
            func set(_ value: Any?, for key: String, on record: CKRecord) {
                record[key] = value as? CKRecordValue
            }
            func setFlag(_ flag: Bool, for key: String, on record: CKRecord) {
                set(flag ? 1 : 0, for: key, on: record)
            }
            func setCommonFields(on record: CKRecord) {
                set(Date(), for: "createdAt", on: record)
            }
            """
        let use = """
            func save(title: String) {
                let note = CKRecord(recordType: "Note")
                set(title, for: "title", on: note)
                setFlag(true, for: "done", on: note)
                setCommonFields(on: note)
                let tag = CKRecord(recordType: "Tag")
                set(title, for: "name", on: tag)
                set(Date(), for: "name", on: tag)
                setFlag(false, for: "pinned", on: tag)
                setCommonFields(on: tag)
            }
            """
        #expect(findings([helpers, use]) == [
            "code_field_missing Tag.createdAt", "code_field_missing Tag.pinned", "code_field_type_mismatch Tag.name",
        ])
    }

    @Test func aHelperWhoseCallersAreUnknownIsANoteNotAGuess() {
        let swift = """
            func set(_ value: Any?, for key: String, on record: CKRecord) {
                record[key] = value as? CKRecordValue
            }
            """
        #expect(findings([swift]) == ["code_key_unresolved "])
    }

    // MARK: - Protocols

    @Test func protocolRecordTypesResolvePerConformingType() {
        let proto = """
            protocol CloudKitRecordConvertible {
                static var recordType: String { get }
                var id: String { get }
            }
            extension CloudKitRecordConvertible {
                func toRecord() -> CKRecord {
                    let record = CKRecord(recordType: Self.recordType)
                    record["title"] = id
                    return record
                }
            }
            func query<T: CloudKitRecordConvertible>(_ type: T.Type) -> CKQuery {
                CKQuery(recordType: T.recordType, predicate: NSPredicate(value: true))
            }
            """
        let models = """
            struct Note: CloudKitRecordConvertible {
                static let recordType = "Note"
                var id: String
            }
            struct Draft: CloudKitRecordConvertible {
                static var recordType: String { "Draft" }
                var id: String
            }
            """
        let found = findings([proto, models])
        #expect(found.contains("code_record_type_missing Draft"))
        #expect(!found.contains { $0.hasSuffix(" Note") || $0.hasSuffix(" Note.title") })
        #expect(!found.contains("code_key_unresolved "))
    }

    @Test func protocolDefaultTypeNameIsEachConformersName() {
        let swift = """
            protocol Syncable { static var recordType: String { get } }
            extension Syncable {
                static var recordType: String { String(describing: Self.self) }
                func newRecord() -> CKRecord { CKRecord(recordType: Self.recordType) }
            }
            struct Note: Syncable {}
            struct Folder: Syncable {}
            """
        #expect(findings([swift]) == ["code_record_type_missing Folder"])
    }

    // MARK: - Key enums

    @Test func codingKeysAndStringEnumsAsKeys() {
        let swift = """
            struct Note {
                enum CodingKeys: String, CodingKey { case title, body = "text" }
                enum Field: CodingKey { case createdAt, archived }
                func fill(_ record: CKRecord) {
                    record[CodingKeys.title.rawValue] = "t"
                    record[CodingKeys.body.stringValue] = "b"
                    record[Field.createdAt.stringValue] = Date()
                    record[Field.archived.stringValue] = Date()
                }
                func make() -> CKRecord { CKRecord(recordType: "Note") }
            }
            """
        #expect(findings([swift]) == ["code_field_missing Note.archived", "code_field_missing Note.text"])
    }

    // MARK: - Records in closures and switches

    @Test func recordsInClosuresOverAFetchAndSwitchesOnTheRecordType() {
        let swift = """
            struct Note { static let recordType = "Note" }
            struct Tag { static let recordType = "Tag" }
            func load(database: CKDatabase) {
                let query = CKQuery(recordType: Note.recordType, predicate: NSPredicate(value: true))
                database.perform(query, inZoneWith: nil) { records, error in
                    let titles = records?.map { $0["title"] as? String }
                    let subtitles = records?.compactMap { record in record["subtitle"] as? String }
                }
            }
            func apply(_ record: CKRecord) {
                switch record.recordType {
                case Note.recordType: record["body"] = "b"
                case Tag.recordType: record["color"] = "red"
                default: break
                }
            }
            """
        let found = findings([swift])
        #expect(found.contains("code_field_missing Note.subtitle"))
        #expect(found.contains("code_field_missing Tag.color"))
        #expect(!found.contains("code_field_missing Note.title"))
        #expect(!found.contains("code_field_missing Note.body"))
    }

    // MARK: - Precision

    @Test func helpersSettingFieldsProductionHasStayQuiet() {
        let swift = """
            enum Keys { static let title = "title" }
            protocol Record { static var recordType: String { get } }
            extension Record {
                func base() -> CKRecord { CKRecord(recordType: Self.recordType) }
            }
            struct Note: Record { static let recordType = "Note" }
            func set(_ value: Any?, for key: String, on record: CKRecord) { record[key] = value as? CKRecordValue }
            func setCommon(on record: CKRecord) { set(Date(), for: "createdAt", on: record) }
            func write(note: Note, flag: Bool, data: URL) {
                let record = note.base()
                set("t", for: Keys.title, on: record)
                set(flag ? 1 : 0, for: "done", on: record)
                set(CKAsset(fileURL: data), for: "image", on: record)
                setCommon(on: record)
            }
            """
        #expect(findings([swift]).isEmpty)
    }

    @Test func overloadedHelpersAreNotGuessed() {
        let swift = """
            struct A { func set(_ value: Any?, for key: String, on record: CKRecord) { record[key] = value as? CKRecordValue } }
            struct B { func set(_ value: Any?, for key: String, on record: CKRecord) { record["x" + key] = 1 } }
            func use(a: A, b: B) {
                let tag = CKRecord(recordType: "Tag")
                set("v", for: "nope", on: tag)
            }
            """
        let found = findings([swift])
        #expect(!found.contains("code_field_missing Tag.nope"))
    }

    @Test func overloadsByParameterTypeAndSharesAreTold() {
        let swift = """
            struct NoteDTO { var title: String }
            struct TagDTO { var name: String }
            enum Mapper {
                static func apply(_ dto: NoteDTO, to record: CKRecord) { record["title"] = dto.title }
                static func apply(_ dto: TagDTO, to record: CKRecord) { record["label"] = dto.name }
                static func brand(_ share: CKShare) { share["ownerName"] = "me" }
            }
            func save(note: NoteDTO, tag: TagDTO) {
                let record = CKRecord(recordType: "Note")
                Mapper.apply(note, to: record)
                let other = CKRecord(recordType: "Tag")
                Mapper.apply(tag, to: other)
                Mapper.brand(CKShare(rootRecord: record))
            }
            """
        #expect(findings([swift]) == ["code_field_missing Tag.label", "code_record_type_missing cloudkit.share"])
        #expect(CodeCheckHarness.usages([swift]).contains("write:String cloudkit.share.ownerName"))
        #expect(!CodeCheckHarness.usages([swift]).contains { $0.hasSuffix("Note.label") || $0.hasSuffix("Tag.title") })
    }

    @Test func aCallersOwnTypeGuessDoesNotLeakIntoAHelper() {
        let swift = """
            enum TagRecord {
                static func make() -> CKRecord { CKRecord(recordType: "Tag") }
                static func stamp(onto record: CKRecord) { record["name"] = "n" }
            }
            struct NoteSync {
                func make() -> CKRecord { CKRecord(recordType: "Note") }
                func push(_ guardRecord: CKRecord) { TagRecord.stamp(onto: guardRecord) }
            }
            """
        // `guardRecord` has no caller: its type is not NoteSync's guess (Note) but what TagRecord converts.
        #expect(CodeCheckHarness.usages([swift]).contains("write:String Tag.name"))
        #expect(findings([swift]).isEmpty)
    }

    @Test func recordsInOperationBlocksAndSuccessPatterns() {
        let swift = """
            func load(database: CKDatabase) {
                let query = CKQuery(recordType: "Note", predicate: NSPredicate(format: "title == %@", "a"))
                let operation = CKQueryOperation(query: query)
                operation.recordFetchedBlock = { record in
                    _ = record["title"] as? String
                    _ = record["color"] as? String
                }
                operation.recordMatchedBlock = { recordID, result in
                    if case .success(let record) = result { _ = record["subtitle"] as? String }
                    switch result {
                    case .success(let record): _ = record["body"] as? String
                    case .failure: break
                    }
                }
            }
            """
        #expect(findings([swift]) == ["code_field_missing Note.color", "code_field_missing Note.subtitle"])
    }
}
