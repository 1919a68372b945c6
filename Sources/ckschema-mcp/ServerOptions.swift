#if MCP  // the package trait that brings the MCP SDK (Package.swift)
/// The command line of `ckschema-mcp`: `--project DIR` and `--help`. Parsed by hand: the server has two
/// options, and ArgumentParser would add a module to its build for them.
struct ServerOptions {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    var project = "."
    var help = false

    static let usage = """
        USAGE: ckschema-mcp [--project DIR]

        An MCP server over standard input and output for coding agents: ckschema's commands as tools, the
        project's schema, snapshots and rule catalog as resources. Read-only: no tool writes a file. Every path
        a client names must lie inside the project folder. Run it as `ckschema mcp`; see docs/agents.md.

        OPTIONS:
          --project DIR   The project to serve (default: the current folder).
          -h, --help      Show this help.

        """

    static func parse(_ arguments: [String]) throws(Invalid) -> ServerOptions {
        var options = ServerOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                options.help = true
            case "--project":
                guard let value = remaining.popFirst() else { throw Invalid(description: "--project needs a folder") }
                options.project = value
            case _ where argument.hasPrefix("--project="):
                options.project = String(argument.dropFirst("--project=".count))
            case "--allow-writes":
                throw Invalid(description: "--allow-writes is not available yet: every tool is read-only")
            default:
                throw Invalid(description: "unknown argument '\(argument)'; see --help")
            }
        }
        return options
    }
}
#endif
