/// What a local Swift package's `Package.swift` says about its code, read from the literal shapes only: its
/// products (`.library(name:targets:)`, `.executable`), its targets (name, `path:`, `exclude:`, `sources:`,
/// dependencies) and the local packages it depends on (`.package(path:)`). The manifest is never run: when the
/// `Package(…)` call's products or targets are not literal, a `#if` sits inside it, or code after it changes the
/// package (`package.targets.append`, `target.path = …`), it is not understood and `read` gives `nil`.
struct PackageManifest {
    struct Target {
        var kind: String
        /// `path:`; `nil` when not written (the default folder).
        var path: String?
        var exclude: [String]
        /// `sources:`, relative to the target's folder; `nil`: the whole folder.
        var sources: [String]?
        /// `nil` when some dependency is written in a shape not understood.
        var dependencies: [Dependency]?
        /// Whether `path:`, `exclude:` and `sources:` were literal.
        var understood: Bool
    }

    enum Dependency: Equatable {
        /// A string literal or `.byName(name:)`: a target of this package, else a product of a package it depends on.
        case byName(String)
        case target(String)
        case product(name: String, package: String)
    }

    /// Each product's targets, by name.
    var products: [String: [String]] = [:]
    var targets: [String: Target] = [:]
    /// `.package(path:)`, with `name:` when written.
    var localPackages: [(name: String?, path: String)] = []

    /// Target kinds whose default folder is `Sources/<name>`.
    static let sourceKinds: Set<String> = ["target", "executableTarget", "macro"]

    static func read(_ text: String) -> PackageManifest? {
        let tokens = ManifestSyntax.tokens(text)
        guard let start = tokens.indices.first(where: { tokens[$0] == .word("Package") && $0 + 1 < tokens.count
                  && tokens[$0 + 1] == .symbol("(") }),
              let end = ManifestSyntax.closing(tokens[...], from: start + 1) else { return nil }
        let call = tokens[start...end]
        let package = ManifestSyntax.value(call)
        guard !call.contains(.word("#if")), !changesPackage(tokens[..<start]), !changesPackage(tokens[(end + 1)...]),
              case .call = package else { return nil }
        var manifest = PackageManifest()
        if let products = package["products"] {
            guard case .array(let items) = products else { return nil }
            for item in items {
                guard let kind = item.callName else { return nil }
                guard kind == "library" || kind == "executable" else { continue }
                guard let name = item["name"]?.string, let targets = item["targets"]?.strings else { return nil }
                manifest.products[name] = targets
            }
        }
        guard case .array(let targets)? = package["targets"] else { return nil }
        for item in targets {
            guard let kind = item.callName, let name = item["name"]?.string else { return nil }
            manifest.targets[name] = target(item, kind: kind)
        }
        // The local packages must all be known: a product the targets name may come from any of them.
        if let dependencies = package["dependencies"] {
            guard case .array(let items) = dependencies else { return nil }
            for dependency in items {
                guard dependency.callName == "package" else { return nil }
                guard let written = dependency["path"] else { continue }
                guard let path = written.string else { return nil }
                manifest.localPackages.append((dependency["name"]?.string, path))
            }
        }
        return manifest
    }

    private static func target(_ item: ManifestValue, kind: String) -> Target {
        let path = item["path"]
        let exclude = item["exclude"]
        let sources = item["sources"]
        let understood = (path == nil || path?.string != nil) && (exclude == nil || exclude?.strings != nil)
            && (sources == nil || sources?.strings != nil)
        var dependencies: [Dependency]? = []
        if let written = item["dependencies"] {
            if case .array(let items) = written {
                for item in items {
                    guard let dependency = Self.dependency(item) else { dependencies = nil; break }
                    dependencies?.append(dependency)
                }
            } else {
                dependencies = nil
            }
        }
        return Target(kind: kind, path: path?.string, exclude: exclude?.strings ?? [], sources: sources?.strings,
                      dependencies: dependencies, understood: understood)
    }

    private static func dependency(_ item: ManifestValue) -> Dependency? {
        if let name = item.string { return .byName(name) }
        switch item.callName {
        case "target": return item["name"]?.string.map(Dependency.target)
        case "byName": return item["name"]?.string.map(Dependency.byName)
        case "product":
            guard let name = item["name"]?.string, let package = item["package"]?.string else { return nil }
            return .product(name: name, package: package)
        default: return nil
        }
    }

    /// Whether code outside the `Package(…)` call changes what it holds: `package.products.append(…)`,
    /// `package.targets += …`, `target.path = …`, `target.dependencies.append(…)`.
    private static func changesPackage(_ tokens: ArraySlice<ManifestToken>) -> Bool {
        let watched: Set<String> = ["products", "targets", "dependencies", "path", "exclude", "sources", "name"]
        for index in tokens.indices.dropLast() where tokens[index] == .symbol(".") {
            guard case .word(let word) = tokens[index + 1], watched.contains(word) else { continue }
            let next = index + 2 < tokens.endIndex ? tokens[index + 2] : nil
            let after = index + 3 < tokens.endIndex ? tokens[index + 3] : nil
            if next == .symbol("=") && after != .symbol("=") { return true }
            if next == .symbol("+") || next == .symbol(".") || next == .symbol("[") { return true }
        }
        return false
    }
}
