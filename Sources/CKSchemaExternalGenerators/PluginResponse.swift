import CKSchemaCodegen
import CKSchemaCore
import CKSchemaFiles
import Foundation

/// An external generator's response, decoded and checked: version 1, files with safe relative names,
/// diagnostics with known severities.
struct PluginResponse {
    /// Why a response is not valid, as the end of a sentence.
    struct Invalid: Error {
        let reason: String
    }

    /// One finding the generator reports, optionally about a record type or field.
    struct Finding: Decodable {
        let severity: String
        let message: String
        let id: String?
        let recordType: String?
        let field: String?

        /// The finding as a diagnostic, located where the schema wrote the element it names.
        func diagnostic(generator: String, sourceMap: SourceMap) -> Diagnostic {
            let subject: SchemaPath? = switch (recordType, field) {
            case let (type?, field?): .field(type, field)
            case let (type?, nil): .recordType(type)
            default: nil
            }
            return Diagnostic(
                id: DiagnosticID(id ?? "generator_\(generator)"), severity: Severity(rawValue: severity) ?? .error,
                message: message, location: subject.flatMap(sourceMap.location(of:)), subject: subject
            )
        }
    }

    private struct Wire: Decodable {
        struct File: Decodable {
            let name: String
            let contents: String
        }

        let version: Int
        let files: [File]
        let diagnostics: [Finding]?
    }

    /// The most files one response may hold.
    static let fileLimit = 10_000

    let files: [GeneratedFile]
    let diagnostics: [Finding]

    /// Decodes and checks `data`; throws `Invalid` saying what is wrong.
    static func decode(_ data: Data) throws(Invalid) -> PluginResponse {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: data)
        } catch let error as DecodingError {
            throw Invalid(reason: describe(error, data: data))
        } catch {
            throw Invalid(reason: "standard output is not JSON")
        }
        guard wire.version == PluginRequest.version else {
            throw Invalid(reason: "it speaks protocol version \(wire.version); ckschema speaks version \(PluginRequest.version)")
        }
        guard wire.files.count <= fileLimit else { throw Invalid(reason: "it returned more than \(fileLimit) files") }
        var seen: Set<String> = []
        for file in wire.files {
            if let problem = problem(withName: file.name) {
                throw Invalid(reason: "file name '\(file.name)' \(problem)")
            }
            guard seen.insert(file.name).inserted else { throw Invalid(reason: "file '\(file.name)' appears twice") }
        }
        do {
            try OutputFolder.checkSet(wire.files.map(\.name))
        } catch {
            throw Invalid(reason: error.description)
        }
        let findings = wire.diagnostics ?? []
        if let unknown = findings.first(where: { Severity(rawValue: $0.severity) == nil }) {
            throw Invalid(reason: "diagnostic severity '\(unknown.severity)' is not error, warning or note")
        }
        return PluginResponse(files: wire.files.map { GeneratedFile(name: $0.name, contents: $0.contents) },
                              diagnostics: findings)
    }

    /// Why `name` cannot be written under the output directory, or `nil` when it can (`OutputFolder`'s rule: a
    /// relative path of plain components that file systems can hold).
    static func problem(withName name: String) -> String? {
        OutputFolder.problem(withName: name)
    }

    private static func describe(_ error: DecodingError, data: Data) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let isBlank = data.allSatisfy { [0x09, 0x0A, 0x0D, 0x20].contains($0) }
            return isBlank ? "standard output is empty" : "standard output is not JSON"
        case .keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)) has the wrong kind of value"
        @unknown default:
            return "it does not have the documented shape"
        }
    }
}
