#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension PluginTarget {
    /// An Xcode target: its input files (every file of its build phases, wherever it lives in the project), no
    /// folder; a unit or UI test bundle ships no code.
    init(_ target: XcodeTarget) {
        self.init(name: target.displayName, files: target.inputFiles.map(\.url), directory: nil,
                  shipsCode: !Self.isTestBundle(target.product))
    }

    /// Whether `product` is a test bundle (`com.apple.product-type.bundle.unit-test`, `….ui-testing`).
    static func isTestBundle(_ product: XcodeProduct?) -> Bool {
        guard case .other(let identifier)? = product?.kind else { return false }
        return identifier.hasSuffix(".unit-test") || identifier.hasSuffix(".ui-testing")
    }
}

extension XcodePluginContext {
    /// The project's targets as plain targets, in the project's order.
    var pluginTargets: [PluginTarget] {
        xcodeProject.targets.map(PluginTarget.init)
    }
}
#endif
