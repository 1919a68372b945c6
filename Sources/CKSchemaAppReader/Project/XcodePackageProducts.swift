internal import CKSchemaApp

/// The local Swift package products a native target links: its `packageProductDependencies`, each an
/// `XCSwiftPackageProductDependency` whose `package` is an `XCLocalSwiftPackageReference` (`relativePath`, from
/// the project folder). One with no `package` is a product of a package the workspace or a folder reference adds
/// (as older Xcode writes it): its package is looked for by product name. Remote packages' products
/// (`XCRemoteSwiftPackageReference`) and plugins are not the app's code.
enum XcodePackageProducts {
    static func links(of target: PropertyListNode, in objects: XcodeObjects) -> [(package: String?, product: String)] {
        objects.list(target, "packageProductDependencies").compactMap { _, dependency in
            guard dependency["isa"]?.string == "XCSwiftPackageProductDependency",
                  let product = dependency["productName"]?.string, !product.hasPrefix("plugin:") else { return nil }
            guard let packageID = dependency["package"]?.string else { return (nil, product) }
            guard let package = objects[packageID], package["isa"]?.string == "XCLocalSwiftPackageReference",
                  let relative = package["relativePath"]?.string,
                  let folder = AppPath.join(objects.folder, relative) else { return nil }
            return (folder, product)
        }
    }
}
