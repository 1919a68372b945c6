#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaService
import MCP

/// One tool of the server: what a client sees (name, when to use it, its input's JSON Schema) and what a call
/// computes, through the same `CKSchemaService` functions the command of the same name calls.
struct ProjectTool: Sendable {
    typealias Body = @Sendable (ToolArguments, ServiceProject) throws(ServiceError) -> ToolOutput

    let name: String
    let description: String
    /// The input's properties, each a JSON Schema.
    let properties: [(name: String, schema: Value)]
    let required: [String]
    /// The top-level keys of the result's structured content (the command's JSON document).
    let resultKeys: [String]
    /// Whether some calls write files (only when the server allows writes).
    let writes: Bool
    let body: Body

    init(name: String, description: String, properties: [(name: String, schema: Value)] = [], required: [String] = [],
         resultKeys: [String], writes: Bool = false, body: @escaping Body) {
        self.name = name
        self.description = description
        self.properties = properties
        self.required = required
        self.resultKeys = resultKeys
        self.writes = writes
        self.body = body
    }

    /// The tool as `tools/list` announces it: idempotent, closed-world, and read-only unless it writes and the
    /// server allows writes (then it may overwrite files it generated).
    func definition(allowingWrites: Bool) -> Tool {
        let writing = writes && allowingWrites
        return Tool(name: name, description: description,
                    inputSchema: .object([
                        "type": "object",
                        "properties": .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.schema) })),
                        "required": .array(required.map { .string($0) }),
                        "additionalProperties": false,
                    ]),
                    annotations: .init(readOnlyHint: !writing, destructiveHint: writing, idempotentHint: true,
                                       openWorldHint: false),
                    outputSchema: .object([
                        "type": "object",
                        "properties": .object(Dictionary(uniqueKeysWithValues: resultKeys.map { ($0, Self.resultSchema($0)) })),
                    ]))
    }

    /// The JSON type of a key of the documents the tools return (the commands' documents, docs/output-formats.md,
    /// docs/diff.md, docs/deploy.md); a failed call's document may be another (its diagnostics).
    private static func resultSchema(_ key: String) -> Value {
        let type: Value = switch key {
        case "version": "integer"
        case "deployable", "current": "boolean"
        case "diagnostics", "rules", "builtInChecks", "changes", "notes", "written", "unchanged", "removed", "stale": "array"
        case "summary", "baseline", "candidate", "gate": "object"
        case "file", "text", "output": ["string", "null"]
        default: "string"
        }
        return .object(["type": type])
    }

    /// Runs the tool on `arguments` in `project`.
    func call(_ arguments: [String: Value]?, in project: ServiceProject) throws(ServiceError) -> ToolOutput {
        try body(try ToolArguments(arguments, known: Set(properties.map(\.name))), project)
    }
}

/// JSON Schemas of the arguments the tools share.
enum ArgumentSchema {
    static func string(_ description: String, enum values: [String]? = nil) -> Value {
        var schema: [String: Value] = ["type": "string", "description": .string(description)]
        if let values { schema["enum"] = .array(values.map { .string($0) }) }
        return .object(schema)
    }

    static func strings(_ description: String) -> Value {
        .object(["type": "array", "items": ["type": "string"], "description": .string(description)])
    }

    static func boolean(_ description: String) -> Value {
        .object(["type": "boolean", "description": .string(description)])
    }

    static func integer(_ description: String, minimum: Int) -> Value {
        .object(["type": "integer", "minimum": .int(minimum), "description": .string(description)])
    }

    /// A schema named as the command line names one.
    static let schemaName = "an environment name (development, production: its snapshot), a YAML file or folder or "
        + "a .ckdb file in the project, git:REVISION:PATH (the schema as committed at a revision), or "
        + "models:PATH[,PATH…] (the schema SwiftData or Core Data models make; models:git:REVISION:PATH at a revision)"

    /// The keys of every diagnostics document (`--format json`).
    static let diagnosticsKeys = ["version", "diagnostics", "summary"]
}
#endif
