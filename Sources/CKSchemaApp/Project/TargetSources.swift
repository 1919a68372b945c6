package import CKSchemaCore

/// Which Swift files a target compiles, as its project says: files listed one by one (a Sources build phase),
/// folders compiled whole less their exceptions (Xcode 16 synchronized folders, XcodeGen `sources`), the platforms
/// a file is filtered to, and the targets it depends on (whose files the product links too). Paths are as reports
/// show them — the same form as the code facts' locations.
package struct TargetSources: Sendable, Hashable {
    /// Files the target compiles, listed one by one.
    package var files: Set<String>
    /// Folders (no trailing slash) whose every file the target compiles, but `excluded`.
    package var folders: [String]
    /// The code of the local Swift package products the target links: their package targets' folders (no
    /// trailing slash; a file when the manifest's `sources:` names one), compiled whole but `excluded`.
    package var packageFolders: [String]
    /// Files, or folders (no trailing slash), under `folders` or `packageFolders` that the target does not compile.
    package var excluded: Set<String>
    /// Anchored patterns (XcodeGen's `excludes`, joined to their source folder) of files or folders under
    /// `folders` that the target does not compile; a matched folder is left out whole, as XcodeGen does.
    package var excludedGlobs: [PathGlob]
    /// A file compiled only on some platforms (`platformFilters` of a build file, an exception set's platform
    /// filters): the platforms it is compiled for.
    package var platformFilters: [String: Set<AppPlatform>]
    /// The names of the targets this one depends on, in the same project.
    package var dependencies: [String]

    package init(files: Set<String> = [], folders: [String] = [], excluded: Set<String> = [],
                 excludedGlobs: [PathGlob] = [], platformFilters: [String: Set<AppPlatform>] = [:],
                 dependencies: [String] = [], packageFolders: [String] = []) {
        self.files = files
        self.folders = folders
        self.packageFolders = packageFolders
        self.excluded = excluded
        self.excludedGlobs = excludedGlobs
        self.platformFilters = platformFilters
        self.dependencies = dependencies
    }

    /// Whether the target compiles `path` itself (not through a dependency), on `platform` when one is given.
    package func compiles(_ path: String, on platform: AppPlatform? = nil) -> Bool {
        if let platform, let only = platformFilters[path], !only.contains(platform) { return false }
        if files.contains(path) { return true }
        guard folders.contains(where: { Self.path(path, isUnder: $0) })
            || packageFolders.contains(where: { $0 == path || Self.path(path, isUnder: $0) }) else { return false }
        return !excluded.contains { $0 == path || Self.path(path, isUnder: $0) }
            && !isGlobExcluded(path)
    }

    /// Whether `path`, or a folder holding it, matches one of `excludedGlobs`.
    private func isGlobExcluded(_ path: String) -> Bool {
        guard !excludedGlobs.isEmpty else { return false }
        var candidate = Substring(path)
        while true {
            if excludedGlobs.contains(where: { $0.matches(String(candidate)) }) { return true }
            guard let slash = candidate.lastIndex(of: "/"), slash > candidate.startIndex else { return false }
            candidate = candidate[..<slash]
        }
    }

    /// Whether `path` is inside `folder` (`folder` empty: the project's own folder holds everything).
    static func path(_ path: String, isUnder folder: String) -> Bool {
        folder.isEmpty || folder == "." || path.hasPrefix(folder + "/")
    }
}
