#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFolder {
    /// One file to write.
    package struct File: Sendable {
        /// Its name inside the folder (`Models/Note.swift`).
        package var name: String
        /// Its bytes.
        package var contents: [UInt8]

        package init(name: String, contents: [UInt8]) {
            self.name = name
            self.contents = contents
        }
    }

    /// Writes `files` and removes the files `removals` as one change, creating the folder and the folders
    /// inside it as needed.
    ///
    /// Every check comes first (names, conflicts within the set and with what is on disk, links); then every
    /// file is written and flushed into a hidden staging folder inside the output folder; only then are the files
    /// moved into place, each replaced file moved aside into the staging folder. Should any step fail, every
    /// step already made is undone in reverse, so the folder holds exactly what it held before; the staging
    /// folder is removed in every case (a run killed outright leaves it, and the next run removes it). A file
    /// replaced keeps its permission bits.
    package func apply(_ files: [File], removing removals: [String] = []) throws(OutputFolderError) {
        try Self.checkSet(files.map(\.name) + removals)
        var modes: [UInt32?] = []
        for file in files { modes.append(try existingFile(file.name)) }
        for name in removals { _ = try existingFile(name) }
        let root = try openRoot()
        defer { close(root) }
        TemporaryName.removeStale(in: path)
        let stagingName = TemporaryName.make(suffix: "")
        guard mkdirat(root, stagingName, 0o700) == 0 else {
            throw .failed(display(stagingName), reason: InputFile.describe(errno))
        }
        let staging = openat(root, stagingName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer {
            if staging >= 0 { close(staging) }
            _ = TemporaryName.remove(stagingName, in: root)
        }
        guard staging >= 0 else { throw .failed(display(stagingName), reason: InputFile.describe(errno)) }
        for (index, file) in files.enumerated() {
            try stage(file, as: "new-\(index)", mode: modes[index], in: staging)
        }
        var transaction = Transaction(folder: self, root: root, staging: staging)
        defer { transaction.closeFolders() }
        do {
            for (index, file) in files.enumerated() {
                try transaction.place("new-\(index)", at: file.name, asideAs: "old-\(index)")
            }
            for (index, name) in removals.enumerated() {
                try transaction.remove(name, asideAs: "removed-\(index)")
            }
        } catch {
            transaction.rollBack()
            throw error
        }
        transaction.sync()
    }

    /// Opens the output folder, creating it (and its parents) when missing. The folder itself may be a link: it
    /// is where the user asked to write.
    private func openRoot() throws(OutputFolderError) -> Int32 {
        var descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT {
            var made = path.hasPrefix("/") ? "/" : ""
            for component in path.split(separator: "/") {
                made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
                if mkdir(made, 0o777) != 0 && errno != EEXIST { throw .failed(made, reason: InputFile.describe(errno)) }
            }
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw .failed(path, reason: InputFile.describe(errno)) }
        return descriptor
    }

    /// Writes `file` to `name` in the staging folder and flushes it.
    private func stage(_ file: File, as name: String, mode: UInt32?, in staging: Int32) throws(OutputFolderError) {
        let descriptor = openat(staging, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .failed(display(file.name), reason: InputFile.describe(errno)) }
        defer { close(descriptor) }
        let written = file.contents.withUnsafeBytes { Descriptors.writeAll($0, to: descriptor) }
        guard written, mode.map({ fchmod(descriptor, mode_t($0)) == 0 }) ?? true, fsync(descriptor) == 0 else {
            throw .failed(display(file.name), reason: InputFile.describe(errno))
        }
    }
}

/// The moves of one `apply`, recorded so that a failure can undo them.
private struct Transaction {
    private enum Step {
        case createdFolder(parent: Int32, name: String)
        case movedAside(folder: Int32, name: String, stagedAs: String)
        case placed(folder: Int32, name: String, stagedAs: String)
    }

    let folder: OutputFolder
    let root: Int32
    let staging: Int32
    private var steps: [Step] = []
    /// Open folders by relative path ("" is the root, which the caller closes).
    private var folders: [String: Int32] = [:]

    init(folder: OutputFolder, root: Int32, staging: Int32) {
        self.folder = folder
        self.root = root
        self.staging = staging
        folders[""] = root
    }

    /// Moves the staged file `staged` to `name`, first moving aside a file already there.
    mutating func place(_ staged: String, at name: String, asideAs aside: String) throws(OutputFolderError) {
        let (parent, leaf) = try parentFolder(of: name, creating: true)
        guard let parent else { throw .failed(folder.display(name), reason: "its folder could not be created") }
        try moveAside(leaf, in: parent, displayed: name, as: aside)
        guard renameat(staging, staged, parent, leaf) == 0 else {
            throw .failed(folder.display(name), reason: InputFile.describe(errno))
        }
        steps.append(.placed(folder: parent, name: leaf, stagedAs: staged))
    }

    /// Moves the file `name` into the staging folder, to be deleted with it.
    mutating func remove(_ name: String, asideAs aside: String) throws(OutputFolderError) {
        let (parent, leaf) = try parentFolder(of: name, creating: false)
        guard let parent else { return }
        try moveAside(leaf, in: parent, displayed: name, as: aside)
    }

    private mutating func moveAside(_ leaf: String, in parent: Int32, displayed name: String,
                                    as aside: String) throws(OutputFolderError) {
        switch FileEntry.at(leaf, in: parent) {
        case .missing:
            return
        case .regular:
            guard renameat(parent, leaf, staging, aside) == 0 else {
                throw .failed(folder.display(name), reason: InputFile.describe(errno))
            }
            steps.append(.movedAside(folder: parent, name: leaf, stagedAs: aside))
        case .symbolicLink:
            throw .symbolicLink(folder.display(name))
        case .directory:
            throw .notAFile(folder.display(name), kind: "a folder")
        case .other(let kind):
            throw .notAFile(folder.display(name), kind: kind)
        }
    }

    /// The open folder holding `name` (created when `creating`; `nil` when missing otherwise) and its last
    /// component.
    private mutating func parentFolder(of name: String,
                                       creating: Bool) throws(OutputFolderError) -> (Int32?, String) {
        let components = name.split(separator: "/").map(String.init)
        var current = root
        var walked = ""
        for component in components.dropLast() {
            let path = walked.isEmpty ? component : walked + "/" + component
            if let open = folders[path] {
                current = open
            } else {
                var next = try OutputFolder.openFolder(component, in: current, display: folder.display(path),
                                                       holding: folder.display(name))
                if next == nil {
                    guard creating else { return (nil, components.last ?? name) }
                    guard mkdirat(current, component, 0o777) == 0 else {
                        throw .failed(folder.display(path), reason: InputFile.describe(errno))
                    }
                    steps.append(.createdFolder(parent: current, name: component))
                    next = try OutputFolder.openFolder(component, in: current, display: folder.display(path),
                                                       holding: folder.display(name))
                }
                guard let next else { throw .failed(folder.display(path), reason: "it vanished while being written") }
                folders[path] = next
                current = next
            }
            walked = path
        }
        return (current, components.last ?? name)
    }

    /// Undoes every step, last first. Best effort: each undo is a rename back within one file system.
    mutating func rollBack() {
        for step in steps.reversed() {
            switch step {
            case .placed(let parent, let name, let staged): _ = renameat(parent, name, staging, staged)
            case .movedAside(let parent, let name, let staged): _ = renameat(staging, staged, parent, name)
            case .createdFolder(let parent, let name): _ = unlinkat(parent, name, AT_REMOVEDIR)
            }
        }
        steps.removeAll()
    }

    /// Flushes the entries of every folder changed.
    func sync() {
        for descriptor in Set(folders.values) { Descriptors.syncFolder(descriptor) }
    }

    /// Closes the folders opened (not the root, which belongs to the caller).
    func closeFolders() {
        for (path, descriptor) in folders where !path.isEmpty { close(descriptor) }
    }
}
