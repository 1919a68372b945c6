internal import CKSchemaApp

/// The objects of a `project.pbxproj` by ID, and where their file references are: a path is resolved through
/// the chain of groups holding it (`<group>`: relative to the parent group, `SOURCE_ROOT`: to the project folder).
struct XcodeObjects {
    private(set) var objects: [String: PropertyListNode] = [:]
    /// The group holding each file reference or group.
    private var parents: [String: String] = [:]
    /// The folder relative paths start from: the one holding the `.xcodeproj`, or its `projectDirPath`.
    var folder: String

    init(_ list: PropertyListNode, folder: String) {
        self.folder = folder
        for entry in list.entries { objects[entry.key] = entry.value }
        for (id, object) in objects where object["isa"]?.string == "PBXGroup" || object["isa"]?.string == "PBXVariantGroup" {
            for child in object["children"]?.items ?? [] { if let childID = child.string { parents[childID] = id } }
        }
    }

    subscript(id: String?) -> PropertyListNode? { id.flatMap { objects[$0] } }

    /// The objects an array of IDs names (`targets`, `buildPhases`, `files`), those that exist.
    func list(_ node: PropertyListNode?, _ key: String) -> [(id: String, object: PropertyListNode)] {
        node?[key]?.items.compactMap { item in item.string.flatMap { id in objects[id].map { (id, $0) } } } ?? []
    }

    /// A file reference's (or group's) path relative to the root, following its groups; `nil` for a file
    /// outside the project's tree (`<absolute>`, `BUILT_PRODUCTS_DIR`, an SDK) or above the root.
    func filePath(_ id: String) -> String? {
        guard let file = objects[id], var path = file["path"]?.string else { return nil }
        var tree = file["sourceTree"]?.string ?? "<group>"
        var current = id
        while tree == "<group>", let parent = parents[current], let group = objects[parent] {
            // A group with only a `name` is a label in the navigator, not a folder.
            if let groupPath = group["path"]?.string { path = groupPath + "/" + path }
            tree = group["sourceTree"]?.string ?? "<group>"
            current = parent
        }
        guard tree == "<group>" || tree == "SOURCE_ROOT" else { return nil }
        return AppPath.join(folder, path)
    }
}
