#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaReporting
import CKSchemaService
import Foundation
import MCP

/// What a tool returns: a short summary for people and the command's JSON document as structured content
/// (the same text `--format json` prints, decoded), both scrubbed of the management token.
struct ToolOutput {
    var summary: String
    /// The JSON document, as the command line prints it.
    var json: String
    /// Whether the call failed (an invalid input where a valid one is needed): the document then holds the
    /// reasons.
    var isError = false

    /// The MCP result: the summary, then the document as text (for clients that read only text), and the
    /// document as structured content.
    func result() throws -> CallTool.Result {
        let json = Redaction.scrub(self.json)
        let document = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        return try CallTool.Result(content: [.text(text: Redaction.scrub(summary), annotations: nil, _meta: nil),
                                         .text(text: json, annotations: nil, _meta: nil)],
                               structuredContent: document, isError: isError)
    }

    /// A failed call: its sentence, and — for an input with located problems (an invalid configuration or
    /// access-test file, a model that cannot be read) — those problems as the diagnostics document.
    static func failure(_ error: ServiceError) -> CallTool.Result {
        if case .invalid(_, let diagnostics, let sources) = error,
           let result = try? ToolOutput(summary: error.description, json: ReportFormat.json.reporter.render(
               diagnostics, context: ReportContext(sources: sources)), isError: true).result() {
            return result
        }
        return CallTool.Result(content: [.text(text: Redaction.scrub(error.description), annotations: nil, _meta: nil)],
                               isError: true)
    }

    /// `value` as a JSON document, encoded as every ckschema document is (sorted keys, pretty-printed).
    static func document(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain structs of strings and integers always encode; an empty object is the honest fallback.
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
#endif
