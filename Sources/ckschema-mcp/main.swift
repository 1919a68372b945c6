import CKSchemaService
import Foundation

#if MCP  // the package trait that brings the MCP SDK (Package.swift)
// `ckschema-mcp [--project DIR]`: serves the project in DIR (default: the current folder) to one MCP client
// over standard input and output until the client closes them. Standard error carries the server's own log.
let options: ServerOptions
do {
    options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("ckschema-mcp: \(error.description)\n".utf8))
    exit(2)
}
if options.help {
    FileHandle.standardOutput.write(Data(ServerOptions.usage.utf8))
    exit(0)
}
guard let folder = ProjectFolder(options.project), FileManager.default.changeCurrentDirectoryPath(folder.root) else {
    FileHandle.standardError.write(Data("ckschema-mcp: '\(options.project)' is not a folder\n".utf8))
    exit(2)
}
// Paths in results are relative to the project folder, as the command line's are when run from it.
do {
    try await ProjectServer(folder: folder, allowsWrites: options.allowWrites).run()
} catch {
    FileHandle.standardError.write(Data("ckschema-mcp: \(Redaction.scrub(String(describing: error)))\n".utf8))
    exit(2)
}
#else
// Without the trait the SDK is not in the package graph at all (apps adding ckschema never resolve it).
FileHandle.standardError.write(Data("""
    ckschema-mcp: this build has no MCP server; build it with the package trait that brings the MCP SDK:
        swift build --product ckschema-mcp --traits MCP

    """.utf8))
exit(2)
#endif
