import CKSchemaTestSupport
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// One app on disk, seen both as a SwiftPM package and as an Xcode project with the same targets and files:
///
/// - `Models`: schema files (`Journal.ckschema.yaml`, `Tags.ckschema.yaml`) and a `ckschema.yaml`;
/// - `App`: Swift code, a Core Data model (`Store.xcdatamodeld`, listed by Xcode as the files inside it) and an
///   asset catalog;
/// - `Empty`: no schema, no Swift, only a text file;
/// - `AppTests`: Swift code of a test target (a unit-test bundle in Xcode).
///
/// Tools are `RecordingTool`s, so command plugins run for real and the test reads what they ran.
final class FakeWorld {
    let folder: TemporaryDirectory
    let recorder: RecordingTool
    var root: URL { folder.url }
    var workDirectory: URL { root.appendingPathComponent(".build/plugins/outputs/work") }

    /// The files of each target, by name, in the order the targets are declared.
    private(set) var targets: [(name: String, files: [URL], kind: ModuleKind)] = []

    /// The world; without `Models` when `withSchemaTarget` is false.
    init(withSchemaTarget: Bool = true) throws {
        folder = try TemporaryDirectory()
        recorder = try RecordingTool(in: folder.url.appendingPathComponent(".tools"))
        if withSchemaTarget { try addModels() }
        try add("App", [
            "Sources/App/AppMain.swift": "import SwiftData\n",
            "Sources/App/Model/Item.swift": "@Model final class Item { var name: String = \"\" }\n",
            "Sources/App/Store.xcdatamodeld/Store.xcdatamodel/contents": "<model/>\n",
            "Sources/App/Store.xcdatamodeld/Store 2.xcdatamodel/contents": "<model/>\n",
            "Sources/App/Assets.xcassets/Contents.json": "{}\n",
        ])
        try add("Empty", ["Sources/Empty/README.txt": "nothing\n"])
        try add("AppTests", ["Tests/AppTests/ItemTests.swift": "import Testing\n"], kind: .test)
    }

    private func addModels() throws {
        try add("Models", [
            "Sources/Models/Journal.ckschema.yaml": "recordTypes:\n  Journal:\n    fields:\n      title: { type: string }\n",
            "Sources/Models/Tags.ckschema.yml": "recordTypes:\n  Tag:\n    fields:\n      name: { type: string }\n",
            "Sources/Models/ckschema.yaml": "generate:\n  swift:\n    access: public\n",
        ])
    }

    /// Writes `files` and declares a target holding them.
    func add(_ name: String, _ files: [String: String], kind: ModuleKind = .generic) throws {
        let urls = try files.keys.sorted().map { try folder.write(files[$0]!, to: $0) }
        targets.append((name, urls, kind))
    }

    /// The files SwiftPM lists for a target: an `.xcdatamodeld` bundle is one file.
    private func packageFiles(_ files: [URL]) -> [File] {
        var seen: Set<URL> = []
        return files.compactMap { file in
            let components = file.pathComponents
            if let bundle = components.firstIndex(where: { $0.hasSuffix(".xcdatamodeld") }) {
                let url = URL(fileURLWithPath: NSString.path(withComponents: Array(components[...bundle])))
                return seen.insert(url).inserted ? File(url: url, type: .resource) : nil
            }
            return File(url: file, type: file.pathExtension == "swift" ? .source : .resource)
        }
    }

    /// The world as a SwiftPM package (plus a binary target, which plugins skip).
    var packageContext: PluginContext {
        let sourceTargets: [any Target] = targets.map { target in
            SwiftSourceModuleTarget(name: target.name, kind: target.kind,
                                    directoryURL: root.appendingPathComponent(target.kind == .test ? "Tests" : "Sources")
                                        .appendingPathComponent(target.name),
                                    sourceFiles: FileList(packageFiles(target.files)))
        }
        let binary = BinaryArtifactTarget(name: "Prebuilt", directoryURL: root.appendingPathComponent("Prebuilt"))
        return PluginContext(package: Package(id: "app", displayName: "App", directoryURL: root,
                                              targets: sourceTargets + [binary]),
                             pluginWorkDirectoryURL: workDirectory, tools: recorder.tools)
    }

    /// The world as an Xcode project: the same targets, their files as Xcode lists them (every file, those inside
    /// a model bundle too), no folders; `AppTests` is a unit-test bundle.
    var xcodeContext: XcodePluginContext {
        let xcodeTargets = targets.map { target in
            let kind: XcodeProduct.Kind = target.kind == .test
                ? .other("com.apple.product-type.bundle.unit-test") : .application
            return XcodeTarget(displayName: target.name, product: XcodeProduct(name: target.name, kind: kind),
                               inputFiles: FileList(target.files.map {
                                   File(url: $0, type: $0.pathExtension == "swift" ? .source : .resource)
                               }))
        }
        return XcodePluginContext(xcodeProject: XcodeProject(displayName: "App", directoryURL: root,
                                                             targets: xcodeTargets,
                                                             filePaths: targets.flatMap(\.files)),
                                  pluginWorkDirectoryURL: workDirectory, tools: recorder.tools)
    }

    /// `root/relativePath`.
    func path(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }
}
