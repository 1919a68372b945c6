public import Foundation

/// The package a plugin runs in (`PackagePlugin.Package`).
public struct Package {
    public let id: String
    public let displayName: String
    public var directory: Path { Path(directoryURL.path) }
    public let directoryURL: URL
    public let targets: [any Target]

    public init(id: String, displayName: String, directoryURL: URL, targets: [any Target]) {
        self.id = id
        self.displayName = displayName
        self.directoryURL = directoryURL
        self.targets = targets
    }
}

/// A target of the package (`PackagePlugin.Target`).
public protocol Target {
    var id: String { get }
    var name: String { get }
    var directoryURL: URL { get }
}

/// A target built from source files (`PackagePlugin.SourceModuleTarget`).
public protocol SourceModuleTarget: Target {
    var moduleName: String { get }
    var kind: ModuleKind { get }
    /// The target's files, excluded ones already left out: sources, headers, resources.
    var sourceFiles: FileList { get }
}

/// What a source module builds into.
public enum ModuleKind: Equatable {
    case generic, executable, snippet, test, macro
}

/// A Swift target (`PackagePlugin.SwiftSourceModuleTarget`).
public struct SwiftSourceModuleTarget: SourceModuleTarget {
    public let id: String
    public let name: String
    public let kind: ModuleKind
    public let directoryURL: URL
    public let sourceFiles: FileList
    public var moduleName: String { name }

    public init(name: String, kind: ModuleKind = .generic, directoryURL: URL, sourceFiles: FileList) {
        self.id = name
        self.name = name
        self.kind = kind
        self.directoryURL = directoryURL
        self.sourceFiles = sourceFiles
    }
}

/// A target that is not built from sources (a binary target): plugins skip it.
public struct BinaryArtifactTarget: Target {
    public let id: String
    public let name: String
    public let directoryURL: URL

    public init(name: String, directoryURL: URL) {
        self.id = name
        self.name = name
        self.directoryURL = directoryURL
    }
}
