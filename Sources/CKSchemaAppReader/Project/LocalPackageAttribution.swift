internal import CKSchemaApp

/// Gives each target the code of the local package products it links (`TargetSources.packageFolders`): a
/// product's package targets, their in-package dependencies and the products of local packages they use,
/// transitively, each a folder less its `exclude:`. Remote packages are not the app's code and are skipped.
///
/// A package is attributed all or nothing: when its manifest is not understood, or some target links a product
/// of it that cannot be resolved, none of its code goes to any target (attributing it to some would take it
/// away from the others): its files stay unattributed and are judged with every target. Which code of the local
/// packages it depends on that target compiles is not known either, so it gets those packages whole.
struct LocalPackageAttribution {
    private let files: any AppFileSource
    private let paths: [String]
    private var manifests: [String: PackageManifest?] = [:]
    /// Packages (folders relative to the root) none of whose code is attributed.
    private var unresolved: Set<String> = []

    /// One folder (or file) of a package target that a link compiles.
    private struct Part {
        var package: String
        var folder: String
        var excluded: [String]
    }

    private init(files: any AppFileSource) {
        self.files = files
        paths = files.files
    }

    static func attribute(_ reader: inout AppReader) {
        guard !reader.packageLinks.isEmpty else { return }
        var attribution = LocalPackageAttribution(files: reader.files)
        var linked: [(target: Int, parts: [Part])] = []
        for link in reader.packageLinks {
            var parts: [Part] = []
            var visited: Set<String> = []
            let candidates = link.package.map { [$0] } ?? attribution.packages(providing: link.product)
            if candidates.count == 1 {
                attribution.expand(candidates[0], product: link.product, into: &parts, visited: &visited)
            } else {
                for candidate in candidates { attribution.fail(candidate, into: &parts, visited: &visited) }
            }
            linked.append((link.target, parts))
        }
        let display = { [files = reader.files] (path: String) in XcodeSourceMembership.folderForm(files.display(path)) }
        let attributed = Set(linked.flatMap { $0.parts.map(\.package) }).subtracting(attribution.unresolved)
        for package in attributed.sorted() {
            reader.project.packageTestFolders += attribution.testFolders(of: package).map(display)
        }
        for (target, parts) in linked where reader.project.targets[target].sources != nil {
            for part in parts where !attribution.unresolved.contains(part.package) {
                let folder = display(part.folder)
                if !reader.project.targets[target].sources!.packageFolders.contains(folder) {
                    reader.project.targets[target].sources!.packageFolders.append(folder)
                }
                reader.project.targets[target].sources!.excluded.formUnion(part.excluded.map(display))
            }
        }
    }

    /// The packages of the tree that may declare `product`, for a project that names the product alone: the one
    /// whose manifest declares it, else every manifest that does or, not understood, names it in a string.
    private mutating func packages(providing product: String) -> [String] {
        let folders = paths.filter { AppPath.name(of: $0) == "Package.swift" }.map { AppPath.folder(of: $0) }
        let declaring = folders.filter { manifest($0)?.products[product] != nil }
        guard declaring.count != 1 else { return declaring }
        return declaring + folders.filter { folder in
            manifest(folder) == nil && files.textIfReadable(Self.manifestPath(folder))
                .map { ManifestSyntax.tokens($0).contains(.string(product)) } == true
        }
    }

    /// Adds the parts `product` of `package` compiles; marks the package unresolved when it cannot tell.
    private mutating func expand(_ package: String, product: String, into parts: inout [Part], visited: inout Set<String>) {
        guard visited.insert(package + "\u{0}" + product).inserted else { return }
        guard let manifest = manifest(package), let roots = manifest.products[product] else {
            return fail(package, into: &parts, visited: &visited)
        }
        var pending = roots
        var seen = Set(roots)
        while let name = pending.popLast() {
            guard let target = manifest.targets[name], target.understood, let dependencies = target.dependencies else {
                return fail(package, into: &parts, visited: &visited)
            }
            guard PackageManifest.sourceKinds.contains(target.kind) else { continue }
            if let folder = target.path.map({ AppPath.join(package, $0) }) ?? defaultFolder(package, name) {
                let excluded = target.exclude.compactMap { AppPath.join(folder, $0) }
                for source in target.sources.map({ $0.compactMap { AppPath.join(folder, $0) } }) ?? [folder] {
                    parts.append(Part(package: package, folder: source, excluded: excluded))
                }
            }
            for dependency in dependencies {
                switch dependency {
                case .target(let name):
                    if seen.insert(name).inserted { pending.append(name) }
                case .byName(let name):
                    if manifest.targets[name] != nil {
                        if seen.insert(name).inserted { pending.append(name) }
                    } else if let local = localPackage(in: package, manifest, providing: name) {
                        expand(local, product: name, into: &parts, visited: &visited)
                    }
                case .product(let name, let packageName):
                    if let local = localPackage(in: package, manifest, named: packageName) {
                        expand(local, product: name, into: &parts, visited: &visited)
                    }
                }
            }
        }
    }

    /// Marks `package` unresolved, and gives the linking target the local packages it depends on whole.
    private mutating func fail(_ package: String, into parts: inout [Part], visited: inout Set<String>) {
        unresolved.insert(package)
        for dependency in localDependencies(of: package) { whole(dependency, into: &parts, visited: &visited) }
    }

    /// Every file of `package`, and of the local packages it depends on.
    private mutating func whole(_ package: String, into parts: inout [Part], visited: inout Set<String>) {
        guard visited.insert(package + "\u{0}").inserted else { return }
        parts.append(Part(package: package, folder: package, excluded: []))
        for dependency in localDependencies(of: package) { whole(dependency, into: &parts, visited: &visited) }
    }

    /// The local packages `package` depends on: its `.package(path:)`s, or for a manifest not understood, every
    /// string literal in it that names a folder of the tree holding a `Package.swift` (a computed path is missed).
    private mutating func localDependencies(of package: String) -> [String] {
        if let manifest = manifest(package) { return manifest.localPackages.compactMap { AppPath.join(package, $0.path) } }
        guard let text = files.textIfReadable(Self.manifestPath(package)) else { return [] }
        return ManifestSyntax.tokens(text).compactMap { token in
            guard case .string(let written?) = token, let folder = AppPath.join(package, written), folder != package,
                  paths.holdsFile(Self.manifestPath(folder)) else { return nil }
            return folder
        }
    }

    /// The local package `package` depends on that declares `product` (a dependency written by name).
    private mutating func localPackage(in package: String, _ manifest: PackageManifest, providing product: String) -> String? {
        manifest.localPackages.lazy.compactMap { AppPath.join(package, $0.path) }
            .first { self.manifest($0)?.products[product] != nil }
    }

    /// The local package `package` depends on whose identity (`name:`, else its folder's name) is `name`.
    private func localPackage(in package: String, _ manifest: PackageManifest, named name: String) -> String? {
        manifest.localPackages.first { local in
            (local.name ?? AppPath.name(of: local.path)).lowercased() == name.lowercased()
        }.flatMap { AppPath.join(package, $0.path) }
    }

    /// The folders of the package's test targets (`Tests/<name>` unless `path:` says).
    private mutating func testFolders(of package: String) -> [String] {
        guard let manifest = manifest(package) else { return [] }
        return manifest.targets.filter { $0.value.kind == "testTarget" && $0.value.understood }.sorted { $0.key < $1.key }
            .compactMap { name, target in AppPath.join(package, target.path ?? "Tests/" + name) }
    }

    /// A target's folder when `path:` is not written: `<name>` under `Sources`, `Source`, `src` or `srcs`, the
    /// first that exists, as SwiftPM looks.
    private func defaultFolder(_ package: String, _ name: String) -> String? {
        let candidates = ["Sources", "Source", "src", "srcs"].compactMap { AppPath.join(package, $0 + "/" + name) }
        return candidates.first(where: paths.holdsFolder) ?? candidates.first
    }

    /// The manifest of the package in `folder` (read once); `nil` when it is missing or not understood.
    private mutating func manifest(_ folder: String) -> PackageManifest? {
        if let known = manifests[folder] { return known }
        let manifest = files.textIfReadable(Self.manifestPath(folder)).flatMap(PackageManifest.read)
        manifests[folder] = .some(manifest)
        return manifest
    }

    private static func manifestPath(_ folder: String) -> String {
        folder.isEmpty ? "Package.swift" : folder + "/Package.swift"
    }
}
