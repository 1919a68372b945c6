import CKSchemaCodegen
import CKSchemaExternalGenerators
import CKSchemaCore
import Foundation
import Testing

/// What the non-Swift generators say about `zone` and `deprecated`.
@Suite struct DeprecationAndZoneOutputTests {
    static let schema = Schema(recordTypes: [RecordType(
        name: "Note",
        fields: [
            Field(name: "title", type: .string, metadata: FieldMetadata(isRequired: true)),
            Field(name: "excerpt", type: .string,
                  metadata: FieldMetadata(isRequired: true, documentation: "Short.", deprecation: "use summary")),
        ],
        metadata: RecordTypeMetadata(database: .private, zone: "Notes")
    )])
    static let input = GeneratorInput(schema: schema, schemaPath: "s.yaml")

    @Test func theJSONSchemaMarksDeprecatedFieldsAndStopsRequiringThem() throws {
        let text = try #require(JSONSchemaGenerator().generate(Self.input).files.first?.contents)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: Any])
        let note = try #require(definitions["record.Note"] as? [String: Any])
        let fields = try #require((note["properties"] as? [String: Any])?["fields"] as? [String: Any])
        #expect(fields["required"] as? [String] == ["title"])
        let excerpt = try #require((fields["properties"] as? [String: Any])?["excerpt"] as? [String: Any])
        #expect(excerpt["deprecated"] as? Bool == true)
        let title = try #require((fields["properties"] as? [String: Any])?["title"] as? [String: Any])
        #expect(title["deprecated"] == nil)
    }

    @Test func theDocsNameTheZoneAndTheDeprecation() throws {
        let text = try #require(MarkdownDocsGenerator().generate(Self.input).files.first?.contents)
        #expect(text.contains("- Zone: `Notes`"))
        #expect(text.contains("| `excerpt` | `STRING` |  | yes |  | **Deprecated**: use summary Short. |"))
    }

    @Test func thePluginRequestCarriesBoth() {
        let request = PluginRequest.json(generator: "x", schemaPath: "s.yaml", parameters: [], schema: Self.schema)
            .prettyPrinted
        #expect(request.contains(#""zone" : "Notes""#) || request.contains(#""zone": "Notes""#))
        #expect(request.contains(#""deprecated" : "use summary""#) || request.contains(#""deprecated": "use summary""#))
    }
}
