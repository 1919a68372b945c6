public import Foundation

/// What a plugin is given about the package and its tools (`PackagePlugin.PluginContext`). The real one is made
/// by SwiftPM; tests make this one with the package, a work folder and the tools a plugin may ask for.
public struct PluginContext {
    public let package: Package
    /// The deprecated `Path` form of `pluginWorkDirectoryURL`.
    public var pluginWorkDirectory: Path { Path(pluginWorkDirectoryURL.path) }
    /// A folder the plugin may write to (build commands put their outputs there).
    public let pluginWorkDirectoryURL: URL
    private let tools: [String: URL]

    public init(package: Package, pluginWorkDirectoryURL: URL, tools: [String: URL]) {
        self.package = package
        self.pluginWorkDirectoryURL = pluginWorkDirectoryURL
        self.tools = tools
    }

    /// The executable called `name` among the plugin's dependencies; throws `PluginContextError.toolNotFound`.
    public func tool(named name: String) throws -> Tool {
        try Tool.named(name, in: tools)
    }

    /// An executable a plugin runs.
    public struct Tool {
        public let name: String
        public var path: Path { Path(url.path) }
        public let url: URL

        public init(name: String, url: URL) {
            self.name = name
            self.url = url
        }

        /// The tool `name` among `tools`, as both contexts look tools up.
        package static func named(_ name: String, in tools: [String: URL]) throws -> Tool {
            guard let url = tools[name] else { throw PluginContextError.toolNotFound(name: name) }
            return Tool(name: name, url: url)
        }
    }
}

/// Why a context could not answer.
public enum PluginContextError: Error, Equatable {
    case toolNotFound(name: String)
}
