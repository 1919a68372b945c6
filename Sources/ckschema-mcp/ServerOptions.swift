#if MCP  // the package trait that brings the MCP SDK (Package.swift)
/// The command line of `ckschema-mcp`: `--project DIR`, `--allow-writes` and `--help`. Parsed by hand: the
/// server has three options, and ArgumentParser would add a module to its build for them.
struct ServerOptions {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    var project = "."
    /// Whether `convert` with an output and `generate` may write into the project.
    var allowWrites = false
    var help = false

    static let usage = """
        USAGE: ckschema-mcp [--project DIR] [--allow-writes]

        An MCP server over standard input and output for coding agents: ckschema's commands as tools, the
        project's schema, snapshots, rule catalog and CloudKit facts as resources. Read-only unless started with
        --allow-writes. Every path a client names must lie inside the project folder. Run it as `ckschema mcp`;
        see docs/agents.md.

        OPTIONS:
          --project DIR   The project to serve (default: the current folder).
          --allow-writes  Let `convert` (with an output) and `generate` write inside the project, atomically.
                          Deploying is never offered, with or without it.
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
                options.allowWrites = true
            default:
                throw Invalid(description: "unknown argument '\(argument)'; see --help")
            }
        }
        return options
    }
}
#endif
