import CKSchemaCore
@testable import CKSchemaParsing
import CKSchemaTestSupport
import Foundation
import Testing

/// The JSON Schema of the YAML format: the shipped file is current, it names exactly the reader's keys, and
/// its patterns accept exactly the spellings the reader accepts. (`scripts/check-json-schema.sh` validates
/// real files against it with a JSON Schema validator.)
@Suite struct YAMLFormatJSONSchemaTests {
    private static let shippedPath = "docs/ckschema.schema.json"

    private var schema: [String: Any] {
        get throws {
            try #require(try JSONSerialization.jsonObject(with: Data(YAMLFormatJSONSchema.text.utf8)) as? [String: Any])
        }
    }

    /// Re-recorded with `RECORD_SNAPSHOTS=1 swift test --filter YAMLFormatJSONSchemaTests`.
    @Test func shippedFileIsCurrent() {
        Snapshot.expect(YAMLFormatJSONSchema.text, matches: SharedCorpus.repositoryRoot.appendingPathComponent(Self.shippedPath))
    }

    @Test func namesExactlyTheReadersKeys() throws {
        let root = try schema
        let definitions = try #require(root["definitions"] as? [String: Any])
        #expect(try properties(of: root) == Set(YAMLVocabulary.topLevelKeys))
        let recordType = try #require(definitions["recordType"] as? [String: Any])
        let recordTypeObject = try #require((recordType["anyOf"] as? [[String: Any]])?.last)
        #expect(try properties(of: recordTypeObject) == Set(YAMLVocabulary.recordTypeKeys))
        let field = try #require(definitions["field"] as? [String: Any])
        let longForm = try #require((field["anyOf"] as? [[String: Any]])?.last)
        #expect(try properties(of: longForm) == Set(YAMLVocabulary.fieldKeys))
        let systemFields = try #require(((recordTypeObject["properties"] as? [String: Any])?["systemFields"]
            as? [String: Any])?["anyOf"] as? [[String: Any]])
        let systemKeys = try properties(of: try #require(systemFields.last))
        #expect(systemKeys == Set(SystemField.allCases.flatMap { [$0.name, $0.yamlKey] }))
    }

    /// Type names: the pattern matches exactly the spellings the reader takes for a type.
    @Test(arguments: ["string", "INT64", "List < String >", " bool ", "list<BOOL>", "Time Stamp", "number",
                      "list< reference>", "boolean", "list<list<string>>", "int", "", "list<>", "[string]",
                      "encrypted string", "list<string", "strings", "ref"])
    func typePatternAgreesWithTheReader(spelling: String) throws {
        let definitions = try #require(try schema["definitions"] as? [String: Any])
        let fieldType = try #require((definitions["fieldType"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let enumerated = (fieldType.first?["enum"] as? [String] ?? []).contains(spelling)
        let pattern = try #require(fieldType.last?["pattern"] as? String)
        let accepted = enumerated || matches(pattern, spelling)
        let yaml = "recordTypes:\n  A:\n    fields: { f: { type: \(quoted(spelling)) } }\n"
        let readerAccepts = !YAMLSchemaParser.parse([SourceFile(path: "a.yaml", text: yaml)]).hasErrors
        #expect(accepted == readerAccepts, "schema \(accepted ? "accepts" : "rejects") '\(spelling)', the reader does not")
    }

    /// Enumerated values: matched ignoring case, `_` and `-`, as the reader matches them.
    @Test(arguments: ["deleteSelf", "DELETE_SELF", "delete-self", "Delete_Self", "NONE", "validate", "delete",
                      "deleteSelfs", "no ne", "_none_"])
    func choicePatternAgreesWithTheReader(spelling: String) throws {
        let definitions = try #require(try schema["definitions"] as? [String: Any])
        let field = try #require(definitions["field"] as? [String: Any])
        let longForm = try #require((field["anyOf"] as? [[String: Any]])?.last)
        let action = try #require((longForm["properties"] as? [String: Any])?["action"] as? [String: Any])
        let choices = try #require(action["anyOf"] as? [[String: Any]])
        let pattern = try #require(choices.last?["pattern"] as? String)
        let accepted = (choices.first?["enum"] as? [String] ?? []).contains(spelling) || matches(pattern, spelling)
        let yaml = "recordTypes:\n  A:\n    fields: { f: { type: reference, action: \(quoted(spelling)) } }\n"
        let readerAccepts = !YAMLSchemaParser.parse([SourceFile(path: "a.yaml", text: yaml)]).hasErrors
        #expect(accepted == readerAccepts, "schema \(accepted ? "accepts" : "rejects") '\(spelling)', the reader does not")
    }

    /// The migration keys: `replaces` takes exactly its two keys, both required; `dualWrite` and `lossy` only
    /// beside `renamedFrom` or `replaces`, and those two never together, as the reader requires.
    @Test func migrationKeysAreConstrainedAsTheReaderConstrainsThem() throws {
        let definitions = try #require(try schema["definitions"] as? [String: Any])
        let field = try #require(definitions["field"] as? [String: Any])
        let longForm = try #require((field["anyOf"] as? [[String: Any]])?.last)
        let keys = try #require(longForm["properties"] as? [String: Any])
        let replaces = try #require(keys["replaces"] as? [String: Any])
        #expect(try properties(of: replaces) == Set(YAMLVocabulary.replacesKeys))
        #expect(replaces["required"] as? [String] == YAMLVocabulary.replacesKeys)
        #expect(replaces["additionalProperties"] as? Bool == false)
        let dependencies = try #require(longForm["dependencies"] as? [String: Any])
        #expect(Set(dependencies.keys) == ["dualWrite", "lossy"])
        let exclusive = try #require(longForm["allOf"] as? [[String: Any]]).compactMap { $0["not"] as? [String: Any] }
        #expect(exclusive.contains { $0["required"] as? [String] == ["renamedFrom", "replaces"] })
    }

    // MARK: - Helpers

    private func properties(of object: [String: Any]) throws -> Set<String> {
        Set(try #require(object["properties"] as? [String: Any]).keys)
    }

    private func matches(_ pattern: String, _ text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\\\"") + "\""
    }
}
