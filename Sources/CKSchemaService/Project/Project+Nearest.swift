import CKSchemaCore
import Foundation

extension Project {
    /// The configuration of the project holding `folder`: `configPath` when given, else the nearest
    /// configuration file (`nearestConfig`), else none (the defaults) — never the current folder's when `folder`
    /// is elsewhere. So `ckschema doctor PATH` judges PATH's app with PATH's `doctor:` settings and container.
    package static func load(configPath: String?, nearest folder: String) throws(ServiceError) -> Project {
        guard let path = configPath ?? nearestConfig(from: folder) else {
            return Project(configuration: ProjectConfiguration(), configFile: nil, diagnostics: [])
        }
        return try load(configPath: path)
    }

    /// The first of `defaultConfigNames` in `folder` or the nearest folder above it, stopping at the repository's
    /// root (the folder holding `.git`) or at `top`; `nil` when there is none. Relative to the current folder
    /// when it is under it (as reports name files), else absolute.
    package static func nearestConfig(from folder: String, within top: String? = nil) -> String? {
        let manager = FileManager.default
        let here = manager.currentDirectoryPath
        var current = ((folder.hasPrefix("/") ? folder : here + "/" + folder) as NSString).standardizingPath
        while true {
            for name in defaultConfigNames where manager.fileExists(atPath: current + "/" + name) {
                if current == here { return name }
                return current.hasPrefix(here + "/") ? String(current.dropFirst(here.count + 1)) + "/" + name : current + "/" + name
            }
            let parent = (current as NSString).deletingLastPathComponent
            if current == top || parent == current || manager.fileExists(atPath: current + "/.git") { return nil }
            current = parent
        }
    }
}
