internal import CKSchemaApp
internal import CKSchemaCore

/// The state shared while reading one app: the files, what was read (each file parsed once), and the
/// diagnostics so far. Readers of each project kind (`XcodeProjectReader`, `XcodeGenReader`) and the script
/// scanner add to it.
struct AppReader {
    let files: any AppFileSource
    var project = AppProject()
    private var plists: [String: PropertyListNode?] = [:]
    private var texts: [String: SourceFile?] = [:]
    /// Entitlements files some target or script names (relative paths).
    var referenced: Set<String> = []
    /// The local package products each target links, attributed once every project is read.
    var packageLinks: [PackageLink] = []

    init(files: any AppFileSource) {
        self.files = files
    }

    mutating func report(_ id: DiagnosticID, _ severity: Severity, _ message: String, at location: SourceLocation?,
                         notes: [Note] = []) {
        project.diagnostics.append(Diagnostic(id: id, severity: severity, message: message, location: location, notes: notes))
    }

    /// The text of `path` (read once), reported when it cannot be read; `named` says who names it, for the
    /// message, and `at` where.
    mutating func text(_ path: String, namedAt: SourceLocation? = nil, by what: String? = nil) -> SourceFile? {
        if let known = texts[path] { return known }
        var file: SourceFile?
        switch files.read(path) {
        case .success(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) {
                file = SourceFile(path: files.display(path), text: text)
                project.sources.append(file!)
            } else {
                report(AppReadDiagnostics.syntax, .error, "'\(files.display(path))' is not UTF-8 text", at: namedAt)
            }
        case .failure(let problem):
            report(AppReadDiagnostics.unreadable, .error, (what.map { "\($0): " } ?? "") + problem.message, at: namedAt)
        }
        texts[path] = file
        return file
    }

    /// The property list at `path` (read once; XML, binary or ASCII), reported when it cannot be read or parsed.
    mutating func plist(_ path: String, namedAt: SourceLocation?, by what: String) -> PropertyListNode? {
        if let known = plists[path] { return known }
        var node: PropertyListNode?
        switch files.read(path) {
        case .success(let bytes):
            if !bytes.starts(with: Array("bplist".utf8)), let text = String(validating: bytes, as: UTF8.self),
               texts[path] == nil {
                let file = SourceFile(path: files.display(path), text: text)
                texts[path] = file
                project.sources.append(file)
            }
            switch PropertyListReader.read(bytes, path: files.display(path)) {
            case .success(let root): node = root
            case .failure(let error):
                report(AppReadDiagnostics.syntax, .error, "'\(files.display(path))' (\(what)) is \(error.message)",
                       at: error.location, notes: namedAt.map { [Note("named here", at: $0)] } ?? [])
            }
        case .failure(let problem):
            report(AppReadDiagnostics.unreadable, .error, "\(what): \(problem.message)", at: namedAt)
        }
        plists[path] = .some(node)
        return node
    }

    /// The entitlements at `path`, expanded with `expand`; a file that is not a dictionary is reported.
    mutating func entitlements(_ path: String, namedAt: SourceLocation?, by what: String,
                               expand: (String) -> String) -> Entitlements? {
        referenced.insert(path)
        guard let root = plist(path, namedAt: namedAt, by: what) else { return nil }
        guard root.isDictionary else {
            if !project.diagnostics.contains(where: { $0.id == AppReadDiagnostics.wrongType && $0.location == root.location }) {
                report(AppReadDiagnostics.wrongType, .error,
                       "the entitlements file '\(files.display(path))' holds \(root.kindDescription), not a dictionary of entitlements",
                       at: root.location)
            }
            return nil
        }
        checkListTypes(root, path: path)
        return Entitlements(path: files.display(path), root: Self.expanded(root, expand))
    }

    /// The keys CloudKit reads as lists of strings, reported (once) when they are written otherwise.
    private mutating func checkListTypes(_ root: PropertyListNode, path: String) {
        for key in [Entitlements.Key.services, Entitlements.Key.containers, Entitlements.Key.developmentContainers] {
            guard let entry = root.entry(key) else { continue }
            let isList = entry.value.items.allSatisfy { $0.string != nil } && { if case .array = entry.value.value { true } else { false } }()
            guard !isList, !project.diagnostics.contains(where: { $0.id == AppReadDiagnostics.wrongType && $0.location == entry.keyLocation })
            else { continue }
            report(AppReadDiagnostics.wrongType, .error,
                   "'\(key)' in '\(files.display(path))' holds \(entry.value.kindDescription); it takes an array of strings",
                   at: entry.keyLocation)
        }
    }

    /// `node` with every string expanded.
    static func expanded(_ node: PropertyListNode, _ expand: (String) -> String) -> PropertyListNode {
        var copy = node
        switch node.value {
        case .string(let text): copy.value = .string(expand(text))
        case .array(let items): copy.value = .array(items.map { expanded($0, expand) })
        case .dictionary(let entries):
            copy.value = .dictionary(entries.map { entry in
                var entry = entry
                entry.value = expanded(entry.value, expand)
                return entry
            })
        default: break
        }
        return copy
    }
}
