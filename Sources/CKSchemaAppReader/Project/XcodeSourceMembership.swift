internal import CKSchemaApp

/// Which files each native target of an Xcode project compiles (`AppTarget.sources`): the file references of
/// its Sources build phase, its Xcode 16 synchronized folders less their exceptions, the platforms a build file
/// is filtered to, and the targets it depends on. A shape not understood gives `nil` (the whole code is judged
/// for the target), never a smaller set than the truth.
///
/// Synchronized folders' exception sets (`PBXFileSystemSynchronizedBuildFileExceptionSet`), as Xcode 16 writes
/// them (checked on NetNewsWire, Kado, AngelLive): a set whose `target` has the folder among its
/// `fileSystemSynchronizedGroups` lists files that target does not compile (`Info.plist`, another target's
/// sources); a set whose `target` does not have the folder lists the files it compiles from it (NetNewsWire's
/// Safari extension takes `SafariExtension/SafariExtensionHandler.swift` from the Mac app's folder that way).
/// `platformFiltersByRelativePath` filters files of either kind. A
/// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet` moves files into another build phase of a
/// target: into its Sources phase they are compiled, into any other (headers, resources) they are not.
struct XcodeSourceMembership {
    let objects: XcodeObjects
    /// The ID of the project object, which a same-project `PBXContainerItemProxy`'s `containerPortal` names.
    let projectID: String
    /// How reports show a root-relative path.
    let display: (String) -> String
    /// Each native target's name by the ID of its product's file reference, for linked frameworks.
    private var targetsByProduct: [String: String] = [:]
    /// Build-file exception sets by the target they are for, with the synchronized folder holding each.
    private var fileExceptions: [String: [(folder: String, set: PropertyListNode)]] = [:]
    /// Build-phase exception sets by the build phase they are for, with their folder.
    private var phaseExceptions: [String: [(folder: String, set: PropertyListNode)]] = [:]

    init(objects: XcodeObjects, projectID: String, display: @escaping (String) -> String) {
        self.objects = objects
        self.projectID = projectID
        self.display = display
        for (id, object) in objects.objects {
            switch object["isa"]?.string {
            case "PBXNativeTarget":
                if let product = object["productReference"]?.string { targetsByProduct[product] = object["name"]?.string ?? id }
            case "PBXFileSystemSynchronizedRootGroup":
                for (_, set) in objects.list(object, "exceptions") {
                    if set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet", let target = set["target"]?.string {
                        fileExceptions[target, default: []].append((id, set))
                    } else if set["isa"]?.string == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
                              let phase = set["buildPhase"]?.string {
                        phaseExceptions[phase, default: []].append((id, set))
                    }
                }
            default:
                break
            }
        }
    }

    /// The files the native target `id` compiles, or `nil` when its project says it in a way not understood.
    func sources(of id: String) -> TargetSources? {
        guard let target = objects[id] else { return nil }
        var sources = TargetSources()
        var filters = PlatformFilterMerger()
        var synchronized: [String: String] = [:]
        for item in target["fileSystemSynchronizedGroups"]?.items ?? [] {
            guard let groupID = item.string, let group = objects[groupID],
                  group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" else { return nil }
            // A folder outside the tree holds none of the code read.
            guard let folder = objects.filePath(groupID) else { continue }
            synchronized[groupID] = folder
            sources.folders.append(Self.folderForm(display(folder)))
        }
        for (folderID, set) in fileExceptions[id] ?? [] {
            guard let folder = objects.filePath(folderID) else { continue }
            let owned = synchronized[folderID] != nil
            for relative in set["membershipExceptions"]?.strings.map(\.text) ?? [] {
                guard let path = Self.join(folder, relative).map(display) else { continue }
                if owned { sources.excluded.insert(path) } else { Self.add(path, to: &sources) }
            }
            for entry in set["platformFiltersByRelativePath"]?.entries ?? [] {
                guard let path = Self.join(folder, entry.key).map(display) else { continue }
                filters.add(path, Self.platforms(entry.value.strings.map(\.text)))
            }
        }
        for (phaseID, phase) in objects.list(target, "buildPhases") {
            let isa = phase["isa"]?.string
            for (folderID, set) in phaseExceptions[phaseID] ?? [] {
                guard let folder = objects.filePath(folderID) else { continue }
                for relative in set["membershipExceptions"]?.strings.map(\.text) ?? [] {
                    guard let path = Self.join(folder, relative).map(display) else { continue }
                    if isa == "PBXSourcesBuildPhase" { Self.add(path, to: &sources) } else { sources.excluded.insert(path) }
                }
            }
            switch isa {
            case "PBXSourcesBuildPhase":
                for (_, buildFile) in objects.list(phase, "files") {
                    let platforms = Self.filter(of: buildFile)
                    for path in compiledPaths(buildFile["fileRef"]?.string).map(display) {
                        sources.files.insert(path)
                        filters.add(path, platforms)
                    }
                }
            case "PBXFrameworksBuildPhase":
                for (_, buildFile) in objects.list(phase, "files") {
                    if let product = buildFile["fileRef"]?.string, let name = targetsByProduct[product] {
                        Self.depend(on: name, &sources)
                    }
                }
            default:
                break
            }
        }
        for (_, dependency) in objects.list(target, "dependencies") {
            if let name = dependencyName(dependency) { Self.depend(on: name, &sources) }
        }
        sources.platformFilters = filters.filters
        return sources
    }

    /// The root-relative paths a Sources phase's file reference stands for: the file, or a variant group's
    /// localized files; none for what is not in the tree (a product of another project, a generated file).
    private func compiledPaths(_ id: String?) -> [String] {
        guard let id, let reference = objects[id] else { return [] }
        switch reference["isa"]?.string {
        case "PBXFileReference": return objects.filePath(id).map { [$0] } ?? []
        case "PBXVariantGroup": return objects.list(reference, "children").compactMap { objects.filePath($0.id) }
        default: return []
        }
    }

    /// The name of the same-project target a `PBXTargetDependency` names (directly, or through its proxy).
    private func dependencyName(_ dependency: PropertyListNode) -> String? {
        if let id = dependency["target"]?.string, let target = objects[id] { return target["name"]?.string ?? id }
        guard let proxy = objects[dependency["targetProxy"]?.string], proxy["containerPortal"]?.string == projectID,
              let id = proxy["remoteGlobalIDString"]?.string, let target = objects[id],
              target["isa"]?.string == "PBXNativeTarget" else { return nil }
        return target["name"]?.string ?? id
    }

    private static func depend(on name: String, _ sources: inout TargetSources) {
        if !sources.dependencies.contains(name) { sources.dependencies.append(name) }
    }

    /// A file an exception set gives a target; a name with no extension may be a folder, whose files it then gives.
    private static func add(_ path: String, to sources: inout TargetSources) {
        sources.files.insert(path)
        if !AppPath.name(of: path).contains(".") { sources.folders.append(path) }
    }

    /// `relative` (an exception's path) inside `folder`; a localized file is written `/Localized/<path>`.
    private static func join(_ folder: String, _ relative: String) -> String? {
        let localized = "/Localized/"
        return AppPath.join(folder, relative.hasPrefix(localized) ? String(relative.dropFirst(localized.count)) : relative)
    }

    /// A folder as `TargetSources` holds it: no trailing slash (the root of an absolute display is `/tmp/app`).
    static func folderForm(_ displayed: String) -> String {
        displayed.count > 1 && displayed.hasSuffix("/") ? String(displayed.dropLast()) : displayed
    }

    /// A build file's `platformFilter` / `platformFilters`; `nil` when it has neither (every platform).
    private static func filter(of buildFile: PropertyListNode) -> Set<AppPlatform>? {
        let written = (buildFile["platformFilters"]?.strings ?? buildFile["platformFilter"]?.strings ?? []).map(\.text)
        return written.isEmpty ? nil : platforms(written)
    }

    /// Xcode's platform filter names (`ios`, `macos`, `tvos`, `watchos`, `xros`, `maccatalyst`: the iOS app on a
    /// Mac, so iOS; `driverkit`: none of an app's platforms).
    static func platforms(_ names: [String]) -> Set<AppPlatform> {
        Set(names.compactMap { $0.lowercased() == "maccatalyst" ? .iOS : AppPlatform(sdkOrName: $0) })
    }
}

/// The platforms each file is compiled for, over every build file naming it: one with no filter compiles it
/// everywhere, so its filter is dropped.
struct PlatformFilterMerger {
    private(set) var filters: [String: Set<AppPlatform>] = [:]
    private var everywhere: Set<String> = []

    mutating func add(_ path: String, _ platforms: Set<AppPlatform>?) {
        guard !everywhere.contains(path) else { return }
        guard let platforms else {
            everywhere.insert(path)
            filters[path] = nil
            return
        }
        filters[path, default: []].formUnion(platforms)
    }
}
