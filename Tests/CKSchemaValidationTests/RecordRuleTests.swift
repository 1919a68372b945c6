import CKSchemaCore
import CKSchemaValidation
import Testing

/// Record-level rules: types and fields exist (rule 31), names and zones (33), limits (34), metadata.
@Suite struct RecordRuleTests {
    @Test func unknownTypesAndFieldsAreErrorsInProductionAndWarningsInDevelopment() {
        let text = #"{"recordName":"a","recordType":"Nope","fields":{}}"# + "\n" + Fixtures.note(#""colour":{"value":"red"}"#)
        let production = Fixtures.validate(text)
        #expect(production.diagnostics.map(\.id) == [.recordUnknownType, .recordUnknownField])
        #expect(production.diagnostics.allSatisfy { $0.severity == .error })
        #expect(production.diagnostics[1].subject == .field("Note", "colour"))
        #expect(production.diagnostics[1].record?.pointer == "/fields/colour")
        let development = Fixtures.validate(text, options: ValidationOptions(environment: .development, parallelism: 1))
        #expect(development.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(development.invalidRecordCount == 0)
    }

    @Test func aRecordMustNameItsType() {
        #expect(Fixtures.ids(#"{"recordName":"a","fields":{}}"#) == [.recordMissingRecordType])
        #expect(Fixtures.ids(#"{"recordName":"a","recordType":5,"fields":{}}"#) == [.recordInvalidStructure])
    }

    @Test(arguments: [
        ("n1", []), ("2/2/4dca04a3465b95866423323d7f3e1e31ad3ac0ef", []), ("CD_Item_0A1B", []),
        ("_hidden", [DiagnosticID.recordNameInvalid]), ("", [.recordNameInvalid]), ("caf\\u00e9", [.recordNameInvalid]),
        (String(repeating: "x", count: 255), []), (String(repeating: "x", count: 256), [.recordNameInvalid]),
    ])
    func recordNames(_ name: String, _ expected: [DiagnosticID]) {
        #expect(Fixtures.ids(Fixtures.note(name: name)) == expected)
    }

    @Test(arguments: [
        ("_defaultZone", []), ("Journal", []), ("com.apple.coredata.cloudkit.zone", []),
        ("_private", [DiagnosticID.recordZoneNameInvalid]), ("", [.recordZoneNameInvalid]),
        (String(repeating: "z", count: 256), [.recordZoneNameInvalid]),
    ])
    func zoneNames(_ zone: String, _ expected: [DiagnosticID]) {
        let record = Fixtures.note(extra: #","zoneID":{"zoneName":""# + zone + #"","ownerRecordName":"_abc","zoneType":"REGION_BASED"}"#)
        #expect(Fixtures.ids(record) == expected)
    }

    @Test func referencesInTheRecordsOwnZoneAreFine() {
        let record = Fixtures.note(#""folder":{"value":{"recordName":"f","action":"NONE","zoneID":{"zoneName":"Journal"}}}"#,
                                   extra: #","zoneID":{"zoneName":"Journal"}"#)
        #expect(Fixtures.ids(record).isEmpty)
        let elsewhere = Fixtures.note(
            #""folder":{"value":{"recordName":"f","action":"NONE","zoneID":{"zoneName":"_defaultZone"}}}"#,
                                      extra: #","zoneID":{"zoneName":"Journal"}"#)
        #expect(Fixtures.ids(elsewhere) == [.recordReferenceCrossZone])
    }

    @Test func requiredFieldsMustHaveAValueUnlessTheRecordIsDeleted() throws {
        let missing = #"{"recordName":"a","recordType":"Note","fields":{"count":{"value":1}}}"#
        let result = Fixtures.validate(missing)
        let finding = try #require(result.diagnostics.first)
        #expect(finding.id == .recordRequiredFieldMissing)
        #expect(finding.record?.pointer == "/fields/title")
        #expect(finding.subject == .field("Note", "title"))
        #expect(Fixtures.ids(#"{"recordName":"a","recordType":"Note","fields":{"title":{"value":null}}}"#)
            == [.recordRequiredFieldMissing])
        #expect(Fixtures.ids(#"{"recordName":"a","recordType":"Note","fields":{},"deleted":true}"#).isEmpty)
    }

    @Test func aDeprecatedRequiredFieldIsNoLongerRequired() {
        // Newer app versions stop writing a deprecated field, so records without it are valid.
        var schema = Fixtures.notes
        schema.recordTypes[0].fields[0].metadata.deprecation = "use body"
        #expect(Fixtures.ids(#"{"recordName":"a","recordType":"Note","fields":{"count":{"value":1}}}"#, schema: schema).isEmpty)
        #expect(Fixtures.ids(Fixtures.note(), schema: schema).isEmpty)
    }

    @Test func structureProblemsAreNamed() {
        #expect(Fixtures.ids(#"{"recordName":"a","recordType":"Note","fields":[]}"#) == [.recordInvalidStructure, .recordRequiredFieldMissing])
        #expect(Fixtures.ids(Fixtures.note(#""count":5"#)) == [.recordInvalidStructure])
        #expect(Fixtures.ids(Fixtures.note(#""count":{"type":"INT64"}"#)) == [.recordInvalidStructure])
        #expect(Fixtures.ids(Fixtures.note(#""count":{"value":1,"note":"x"}"#)) == [.recordUnknownKey])
        #expect(Fixtures.ids(Fixtures.note(extra: #","feilds":{}"#)) == [.recordUnknownKey])
        #expect(Fixtures.ids(Fixtures.note(extra: #","zoneID":"Journal""#)) == [.recordInvalidStructure])
    }

    @Test func fieldsBeforeTheRecordTypeAreStillChecked() {
        let record = #"{"fields":{"title":{"value":"t"},"count":{"value":"x"}},"recordType":"Note","recordName":"a"}"#
        let result = Fixtures.validate(record)
        #expect(result.diagnostics.map(\.id) == [.recordValueTypeMismatch])
        #expect(result.diagnostics.first?.record?.recordName == "a")
    }

    @Test func recordsOverOneMegabyteOfNonAssetDataAreTooLarge() {
        let big = String(repeating: "x", count: 1_100_000)
        #expect(Fixtures.ids(Fixtures.note(#""tags":{"value":[""# + big + #""]}"#)) == [.recordTooLarge])
        let assetOnly = Fixtures.note(#""photo":{"value":{"fileChecksum":"c","size":1,"downloadURL":""# + big + #""}}"#)
        #expect(Fixtures.ids(assetOnly).isEmpty)
    }

    @Test func atMost750DeleteSelfReferences() {
        func attachments(_ count: Int) -> String {
            let references = (0..<count).map { #"{"recordName":"r\#($0)","action":"DELETE_SELF"}"# }
            return Fixtures.note(#""attachments":{"value":["# + references.joined(separator: ",") + "]}")
        }
        #expect(Fixtures.ids(attachments(750)).isEmpty)
        #expect(Fixtures.ids(attachments(751)) == [.recordTooManyDeleteSelfReferences])
    }

    @Test func referenceTargetsAreCheckedAgainstRecordsInTheInput() throws {
        let text = [
            #"{"recordName":"f1","recordType":"Folder","fields":{"name":{"value":"Inbox"}}}"#,
            Fixtures.note(#""folder":{"value":{"recordName":"f1","action":"NONE"}}"#, name: "n1"),
            Fixtures.note(#""folder":{"value":{"recordName":"n1","action":"NONE"}}"#, name: "n2"),
            Fixtures.note(#""folder":{"value":{"recordName":"elsewhere","action":"NONE"}}"#, name: "n3"),
        ].joined(separator: "\n")
        let result = Fixtures.validate(text)
        #expect(result.diagnostics.map(\.id) == [.recordReferenceTargetMismatch])
        let finding = try #require(result.diagnostics.first)
        #expect(finding.record == RecordReference(index: 2, recordName: "n2", pointer: "/fields/folder/value"))
        #expect(finding.message.contains("'n1' of type 'Note'"))
        #expect(result.invalidRecordCount == 1)
    }

    @Test func findingsNameTheRecordEvenWhenItsNameComesLast() {
        let record = #"{"recordType":"Note","fields":{"title":{"value":1}},"recordName":"late"}"#
        #expect(Fixtures.validate(record).diagnostics.first?.record?.recordName == "late")
    }
}

/// Misspelt names get a suggestion.
@Suite struct SpellingSuggestionTests {
    @Test func unknownNamesSuggestTheClosestKnownOne() {
        let messages = Fixtures.validate([
            #"{"recordName":"a","recordType":"Nte","fields":{}}"#,
            Fixtures.note(#""tilte":{"value":"x"}"#),
            Fixtures.note(#""count":{"value":1,"tpye":"INT64"}"#),
            Fixtures.note(#""count":{"value":1,"type":"INT46"}"#),
            Fixtures.note(extra: #","recordChangeTg":"x""#),
        ].joined(separator: "\n")).diagnostics.map(\.message)
        #expect(messages == [
            "record type 'Nte' is not in the schema; did you mean 'Note'?",
            "field 'tilte' is not in record type 'Note'; did you mean 'title'?",
            "'tpye' is not a key of a field entry; did you mean 'type'?",
            "'INT46' is not a CloudKit type such as 'STRING'; did you mean 'INT64'?",
            "'recordChangeTg' is not a key of a record dictionary; did you mean 'recordChangeTag'?",
        ])
    }
}
