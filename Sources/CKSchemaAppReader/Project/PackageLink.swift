/// A product of a local Swift package that a target links, as its project says (`packageProductDependencies`,
/// XcodeGen's `dependencies: - package:`). Collected while the projects are read and attributed once all are
/// (`LocalPackageAttribution`), because several projects may link one package.
struct PackageLink {
    /// The index of the linking target in `AppProject.targets`.
    var target: Int
    /// The package's folder, relative to the root; `nil` when the project names the product alone (a package
    /// the workspace or a folder reference adds), to be found among the packages of the tree.
    var package: String?
    var product: String
}
