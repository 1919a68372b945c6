internal import CKSchemaApp
internal import CKSchemaParsing

/// The local Swift package products an XcodeGen target links: `packages: { Name: { path: … } }` (relative to
/// `project.yml`'s folder; a `url:` package is remote, not the app's code) and a target's (or its templates')
/// `dependencies: - package: Name` with `product: P` or `products: [P, …]` (neither: the product named like
/// the package, as XcodeGen does).
struct XcodeGenPackages {
    let yaml: XcodeGenReader.YAML
    /// Each local package's folder, relative to the root, by its name in `packages`.
    private var folders: [String: String] = [:]

    init(yaml: XcodeGenReader.YAML, root: Int, folder: String) {
        self.yaml = yaml
        for pair in yaml.value(root, "packages").map(yaml.pairs) ?? [] {
            if let path = yaml.value(pair.value, "path").map({ yaml.document.texts[$0] }),
               let joined = AppPath.join(folder, path) {
                folders[yaml.document.texts[pair.key]] = joined
            }
        }
    }

    /// The products the target whose mappings are `layers` links.
    func links(of layers: [Int]) -> [(package: String, product: String)] {
        let document = yaml.document
        return layers.flatMap { layer -> [(package: String, product: String)] in
            let dependencies = yaml.value(layer, "dependencies")
                .flatMap { document[$0].kind == .sequence ? Array(document.items(of: $0)) : nil } ?? []
            return dependencies.flatMap { dependency -> [(package: String, product: String)] in
                guard let name = yaml.value(dependency, "package").map({ document.texts[$0] }),
                      let folder = folders[name] else { return [] }
                let products = (yaml.value(dependency, "products") ?? yaml.value(dependency, "product")).map(yaml.strings) ?? [name]
                return products.map { (folder, $0) }
            }
        }
    }
}
