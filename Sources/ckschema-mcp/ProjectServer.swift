#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaReporting
import CKSchemaService
import Foundation
import MCP

/// The MCP server of one project: its tools, resources and prompts over standard input and output.
struct ProjectServer {
    let folder: ProjectFolder
    /// `--allow-writes`: `convert` with an output and `generate` may write inside the project.
    let allowsWrites: Bool

    /// What the client is told at start-up: the workflow, and whether this server writes.
    var instructions: String {
        "ckschema checks CloudKit schemas as code. Workflow: after editing a schema file call `lint`; after "
            + "editing SwiftData or Core Data models call `check_models`; before any deploy call `diff` (production → "
            + "project schema) and `deploy_plan`; after changing entitlements, Info.plist, project settings or CloudKit "
            + "code, and before a release, call `doctor`. " + (allowsWrites
            ? "`convert` with an `output` and `generate` write inside the project (started with --allow-writes); "
            : "This server is read-only: `convert` with an `output` and `generate` (but `check`) are refused; ")
            + "deploying is for a person to run (`ckschema deploy`), and never to production from an agent. Paths "
            + "are relative to the project folder."
    }

    func run() async throws {
        let server = Server(name: "ckschema", version: CKSchemaVersion.current, title: "ckschema",
                            instructions: instructions,
                            capabilities: .init(prompts: .init(listChanged: false),
                                                resources: .init(subscribe: false, listChanged: false),
                                                tools: .init(listChanged: false)))
        let folder = self.folder
        let allowsWrites = self.allowsWrites
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: ToolCatalog.all.map { $0.definition(allowingWrites: allowsWrites) })
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            try await Self.call(parameters, folder: folder, allowsWrites: allowsWrites)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            let project = try await Self.project(folder)
            return ListResources.Result(resources: ProjectResources.list(project))
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            let project = try await Self.project(folder)
            return ReadResource.Result(contents: [try await CallDeadline.run {
                try Self.mcpErrors { try ProjectResources.read(parameters.uri, in: project) }
            }])
        }
        await server.withMethodHandler(ListPrompts.self) { _ in
            ListPrompts.Result(prompts: ProjectPrompts.all)
        }
        await server.withMethodHandler(GetPrompt.self) { parameters in
            try ProjectPrompts.get(parameters.name, arguments: parameters.arguments)
        }
        try await server.start(transport: LineTransport())
        await server.waitUntilCompleted()
    }

    /// One tool call: an unknown tool, a malformed argument and a path outside the project are protocol
    /// errors (invalid params); an input that cannot be used is a tool error the agent reads and acts on.
    private static func call(_ parameters: CallTool.Parameters, folder: ProjectFolder, allowsWrites: Bool) async throws
        -> CallTool.Result {
        guard let tool = ToolCatalog.tool(named: parameters.name) else {
            throw MCPError.invalidParams(Redaction.scrub("unknown tool '\(parameters.name)'; the tools are "
                + ToolCatalog.all.map(\.name).joined(separator: ", ")))
        }
        let arguments = parameters.arguments
        do {
            return try await CallDeadline.run {
                let project = try mcpErrors { try ServiceProject.load(folder, allowsWrites: allowsWrites) }
                do {
                    return try tool.call(arguments, in: project).result()
                } catch let error as ServiceError {
                    switch error {
                    case .couldNotRun, .invalid: return ToolOutput.failure(error)
                    case .outsideProject, .invalidArgument, .readOnly:
                        throw MCPError.invalidParams(Redaction.scrub(error.description))
                    }
                }
            }
        } catch let expired as CallDeadline.Expired {
            return ToolOutput.failure(.couldNotRun(expired.description))
        }
    }

    /// The project as it is now (its configuration may have changed since the last call).
    private static func project(_ folder: ProjectFolder) async throws -> ServiceProject {
        try mcpErrors { try ServiceProject.load(folder) }
    }

    /// Runs `body`, turning a service error into an MCP error with its sentence.
    private static func mcpErrors<Output>(_ body: () throws -> Output) throws -> Output {
        do {
            return try body()
        } catch let error as ServiceError {
            switch error {
            case .couldNotRun, .invalid: throw MCPError.internalError(Redaction.scrub(error.description))
            default: throw MCPError.invalidParams(Redaction.scrub(error.description))
            }
        }
    }
}
#endif
