internal import CKSchemaCore

/// The part of the app's code each target compiles, for the rules that judge code against one target's
/// configuration (the containers it opens, whether it relies on pushes, how it syncs).
extension AppProject {
    /// The code facts of the Swift files `target` compiles on `platform` — its own, those of the targets it
    /// depends on (transitively), and those no target's sources name (a local package not understood, a folder
    /// the project reader could not attribute), which may be any target's. The whole app's facts when the target's sources
    /// are not known; `nil` when the code was not read.
    package func code(of target: AppTarget, on platform: AppPlatform? = nil) -> AppCodeFacts? {
        guard let code else { return nil }
        guard target.sources != nil else { return code }
        let compiling = targetClosure(target).compactMap(\.sources)
        // Many facts share a file: one membership verdict per file.
        var kept: [String: Bool] = [:]
        return code.filtered { path in
            if let known = kept[path] { return known }
            let keep = compiling.contains { $0.compiles(path, on: platform) } || !isAttributed(path)
            kept[path] = keep
            return keep
        }
    }

    /// Whether `target` compiles `path` on `platform`, itself or through a target it depends on.
    package func compiles(_ target: AppTarget, _ path: String, on platform: AppPlatform?) -> Bool {
        targetClosure(target).contains { $0.sources?.compiles(path, on: platform) ?? false }
    }

    /// Whether some target whose sources are known compiles `path` (on any platform), or it is a local
    /// package's test code, which no app target compiles.
    package func isAttributed(_ path: String) -> Bool {
        targets.contains { $0.sources?.compiles(path) ?? false }
            || packageTestFolders.contains { TargetSources.path(path, isUnder: $0) }
    }

    /// `target` and the targets it depends on, transitively, each once.
    func targetClosure(_ target: AppTarget) -> [AppTarget] {
        var closure = [target]
        var seen: Set<String> = [target.name]
        var index = 0
        while index < closure.count {
            for name in closure[index].sources?.dependencies ?? [] where !seen.contains(name) {
                seen.insert(name)
                if let dependency = targets.first(where: { $0.name == name && $0.project == target.project }) {
                    closure.append(dependency)
                }
            }
            index += 1
        }
        return closure
    }
}

extension AppCodeFacts {
    /// The facts whose place is in a file `keep` accepts (the count of files read is the whole app's).
    package func filtered(_ keep: (String) -> Bool) -> AppCodeFacts {
        AppCodeFacts(files: files,
                     containers: containers.filter { keep($0.location.file) },
                     defaultContainerUses: defaultContainerUses.filter { keep($0.location.file) },
                     syncStyles: syncStyles.filter { keep($0.location.file) },
                     markers: markers.filter { keep($0.location.file) },
                     practices: practices.filter { keep($0.location.file) })
    }
}
