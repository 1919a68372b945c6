import Testing

/// How keys are spelled: literals, constants anywhere in the module, enum raw values, `CKRecord.FieldKey`
/// extensions, subscript helpers, system keys.
@Suite struct KeyResolutionTests {
    @Test func literalKeysAndAllAccessors() {
        let found = CodeCheckHarness.usages(["""
            let note = CKRecord(recordType: "Note")
            note["title"] = "Groceries"
            note.setValue(3, forKey: "rank")
            note.setObject(Date() as CKRecordValue, forKey: "createdAt")
            let a = note.object(forKey: "body") as? String
            let b = note.value(forKey: "tags")
            note.setValuesForKeys(["title": "x", "rank": 2])
            note.encryptedValues["secret"] = "s"
            let c = note.encryptedValues["secret"] as? String
            """])
        #expect(found == ["create Note", "write:String Note.title", "write:Int64 Note.rank",
                          "write:Date Note.createdAt", "read:String Note.body", "read Note.tags",
                          "write:String Note.title", "write:Int64 Note.rank", "write:String Note.secret",
                          "read:String Note.secret"])
    }

    @Test func constantsInNestedTypesAcrossFiles() {
        let config = """
            enum Config {
                enum RecordType { static let note = "Note" }
                enum NoteField {
                    static let title = "title"
                    static let body = "body"
                }
            }
            let globalKey = "rank"
            """
        let use = """
            struct Writer {
                func write() {
                    let note = CKRecord(recordType: Config.RecordType.note)
                    note[Config.NoteField.title] = "t"
                    note[NoteField.body] = "b"
                    note[globalKey] = 1
                }
            }
            extension Config.NoteField {
                static func fill(_ note: CKRecord) {
                    guard note.recordType == Config.RecordType.note else { return }
                    note[title] = "inside the enum's own scope"
                }
            }
            """
        #expect(CodeCheckHarness.usages([use, config]) == [
            "create Note", "write:String Note.title", "write:String Note.body", "write:Int64 Note.rank",
            "write:String Note.title",
        ])
    }

    @Test func enumRawValuesExplicitOrTheCaseName() {
        let found = CodeCheckHarness.usages(["""
            enum NoteKey: String {
                case title
                case createdAt = "created_at"
            }
            let note = CKRecord(recordType: "Note")
            note[NoteKey.title.rawValue] = "t"
            note[NoteKey.createdAt.rawValue] = Date()
            """])
        #expect(found == ["create Note", "write:String Note.title", "write:Date Note.created_at"])
    }

    @Test func fieldKeyExtensionsAndSubscriptHelpers() {
        let found = CodeCheckHarness.usages(["""
            extension CKRecord.FieldKey {
                static let title = "title"
            }
            enum NoteKey: String { case body, rank = "score" }
            extension CKRecord {
                subscript(key: NoteKey) -> Any? {
                    get { self[key.rawValue] }
                    set { self[key.rawValue] = newValue as? CKRecordValue }
                }
            }
            let note = CKRecord(recordType: "Note")
            note[.title] = "t"
            note[CKRecord.FieldKey.title] = "t"
            note[.body] = "b"
            note[.rank] = 2
            note[NoteKey.rank] = 3
            """])
        #expect(found == ["create Note", "write:String Note.title", "write:String Note.title",
                          "write:String Note.body", "write:Int64 Note.score", "write:Int64 Note.score"])
    }

    @Test func systemKeysInPredicatesAndSortsMapToSystemFields() {
        let found = CodeCheckHarness.usages(["""
            let query = CKQuery(recordType: "Note",
                                predicate: NSPredicate(format: "creationDate > %@ AND recordName == %@", Date() as NSDate, "n"))
            query.sortDescriptors = [NSSortDescriptor(key: "modificationDate", ascending: false),
                                     NSSortDescriptor(key: "creatorUserRecordID", ascending: true)]
            """])
        #expect(found == ["query Note", "range Note.___createTime", "equality Note.___recordID",
                          "sort Note.___modTime", "sort Note.___createdBy"])
    }

    @Test func keysBuiltAtRunTimeAreUnresolved() {
        let found = CodeCheckHarness.usages(["""
            func copy(_ key: String, from source: CKRecord) {
                guard source.recordType == "Note" else { return }
                let value = source[key]
                source["\\(key)Copy"] = value
                source[Unknown.constant] = 1
            }
            """])
        #expect(found == ["read Note.?", "write Note.?", "write:Int64 Note.?"])
    }

    @Test func localKeyConstantsFollowTheFlow() {
        let found = CodeCheckHarness.usages(["""
            func save() {
                let key = "title"
                let note = CKRecord(recordType: "Note")
                note[key] = "t"
            }
            """])
        #expect(found == ["create Note", "write:String Note.title"])
    }

    @Test func shareKeysAreCloudKitConstants() {
        let found = CodeCheckHarness.usages(["""
            func share(_ root: CKRecord) {
                let share = CKShare(rootRecord: root)
                share[CKShare.SystemFieldKey.title] = "My entry" as CKRecordValue
            }
            """])
        #expect(found == ["create cloudkit.share", "write:String cloudkit.share.cloudkit.title"])
    }

    @Test func aTypesOwnNameThroughInterpolationOrDescription() {
        let found = CodeCheckHarness.usages(["""
            struct Note {
                static let recordType = "\\(Self.self)"
                func save() {
                    let record = CKRecord(recordType: Note.recordType)
                    record["title"] = "t"
                }
            }
            struct Folder {
                static var recordType: String { String(describing: Self.self) }
                func save() {
                    let record = CKRecord(recordType: Self.recordType)
                    record["name"] = "n"
                }
            }
            """])
        #expect(found == ["create Note", "write:String Note.title", "create Folder", "write:String Folder.name"])
    }

    @Test func keyEnumsDeclaredInsideAFunction() {
        let found = CodeCheckHarness.usages(["""
            struct Store {
                func save() {
                    enum Keys: String { case title, body = "text" }
                    let record = CKRecord(recordType: "Note")
                    record[Keys.title.rawValue] = "t"
                    record[Keys.body.rawValue] = "b"
                }
            }
            """])
        #expect(found == ["create Note", "write:String Note.title", "write:String Note.text"])
    }
}
