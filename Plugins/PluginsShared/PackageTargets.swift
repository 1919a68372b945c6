import Foundation
import PackagePlugin

extension PluginTarget {
    /// A SwiftPM source module: its source files and resources, its folder; tests and macros ship no code.
    init(_ target: any SourceModuleTarget) {
        self.init(name: target.name, files: target.sourceFiles.map(\.url), directory: target.directoryURL,
                  shipsCode: target.kind != .test && target.kind != .macro)
    }
}

extension PluginContext {
    /// The package's source modules as plain targets, in the package's order.
    var pluginTargets: [PluginTarget] {
        package.targets.compactMap { $0 as? any SourceModuleTarget }.map(PluginTarget.init)
    }
}
