public import Foundation

/// A file of a target (`PackagePlugin.File`).
public struct File {
    public var path: Path { Path(url.path) }
    public let url: URL
    public let type: FileType

    public init(url: URL, type: FileType) {
        self.url = url
        self.type = type
    }
}

/// How the build treats a file.
public enum FileType: Equatable {
    case source, header, resource, unknown
}

/// A target's files, in order (`PackagePlugin.FileList`).
public struct FileList: Sequence {
    private let files: [File]

    public init(_ files: [File]) {
        self.files = files
    }

    public func makeIterator() -> IndexingIterator<[File]> {
        files.makeIterator()
    }
}

/// The deprecated string path of PackagePlugin (`PackagePlugin.Path`): only what a plugin might read of it.
public struct Path: Hashable, CustomStringConvertible {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public var lastComponent: String { (string as NSString).lastPathComponent }
    public var `extension`: String? {
        let value = (lastComponent as NSString).pathExtension
        return value.isEmpty ? nil : value
    }
    public var description: String { string }
}

/// Paths in order (`PackagePlugin.PathList`).
public struct PathList: Sequence {
    private let paths: [Path]

    public init(_ paths: [Path]) {
        self.paths = paths
    }

    public func makeIterator() -> IndexingIterator<[Path]> {
        paths.makeIterator()
    }
}
