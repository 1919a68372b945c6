#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaProcess
import CKSchemaService
import Foundation
import MCP

extension ProjectTool {
    /// `ckschema check-code --format json`, run through `ckschema-check-code` (swift-syntax is not in this
    /// server).
    static let checkCode = ProjectTool(
        name: "check_code",
        description: """
            Check the app's Swift code against the schema it ships to (default: production): record types, field \
            keys, and the indexes its queries, sorts and searches need (the JSON of `ckschema check-code --format \
            json`). Use it after editing code that builds CKRecords or CKQuerys. Needs ckschema-check-code \
            installed beside ckschema-mcp.
            """,
        properties: codeCheckProperties(paths: "Swift files or folders (default: code.paths in ckschema.yaml, else Sources)."),
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        try ExternalCheck(program: "ckschema-check-code", leadingArguments: [])
            .run(try codeCheckArguments(arguments, project: project))
    }

    /// `ckschema check-models --format json`, run through `ckschema` (which reads Swift models with
    /// `ckschema-check-code`).
    static let checkModels = ProjectTool(
        name: "check_models",
        description: """
            Check SwiftData @Model classes and Core Data models for CloudKit: compatibility (unique constraints, \
            defaults, optional relationships, inverses, delete rules) and rollout (what the environment lacks) \
            (the JSON of `ckschema check-models --format json`). Use it after every edit of a model. Needs \
            ckschema and ckschema-check-code installed beside ckschema-mcp.
            """,
        properties: codeCheckProperties(paths: "Swift files or folders, .xcdatamodeld bundles (default: models in "
                                        + "ckschema.yaml)."),
        resultKeys: ArgumentSchema.diagnosticsKeys
    ) { arguments, project throws(ServiceError) in
        try ExternalCheck(program: "ckschema", leadingArguments: ["check-models"])
            .run(try codeCheckArguments(arguments, project: project))
    }

    private static func codeCheckProperties(paths: String) -> [(name: String, schema: Value)] {
        [("paths", ArgumentSchema.strings(paths)),
         ("against", ArgumentSchema.string("The environment the app ships to (default: production).",
                                           enum: ["development", "production"])),
         ("schema", ArgumentSchema.string("Any schema instead of an environment: a YAML file or folder or a .ckdb "
                                          + "file in the project."))]
    }

    /// The command line of a check: its paths confined to the project, then `--against` or `--schema`.
    private static func codeCheckArguments(_ arguments: ToolArguments, project: ServiceProject) throws(ServiceError) -> [String] {
        var command: [String] = []
        for path in try arguments.strings("paths") {
            // A path that starts with '-' would be read as an option.
            // ckschema-check-code follows links as it walks a folder: each is checked too.
            let confined = try project.folder.confineTree(path)
            command.append(confined.hasPrefix("-") ? "./" + confined : confined)
        }
        switch (try arguments.string("against"), try arguments.string("schema")) {
        case (nil, nil): break
        case (let environment?, nil):
            guard ["development", "production"].contains(environment) else {
                throw .invalidArgument("'against' must be development or production")
            }
            command += ["--against", environment]
        case (nil, let schema?):
            command += ["--schema", try project.folder.confine(schema)]
        default:
            throw .invalidArgument("give 'against' or 'schema', not both")
        }
        return command
    }
}
#endif
