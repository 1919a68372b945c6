import Foundation

/// `check-cloudkit-code` and `check-cloudkit-models`: one run over the Swift files (and, for models, the Core
/// Data models) of the named targets, or of every target that ships code (not tests or macros), in `root` so
/// that its `ckschema.yaml` applies. Files rather than folders: a SwiftPM target's excluded files and an Xcode
/// target's files elsewhere in the project are then exactly what the target builds.
enum CheckPlans {
    /// `ckschema-check-code FILE… [options]`; throws `PluginError.noSwiftCode` when no chosen target has Swift.
    static func checkCode(targets: [PluginTarget], names: [String], passThrough: [String], root: URL) throws
        -> ToolInvocation
    {
        let paths = try chosen(targets, names).flatMap(\.swiftFiles).map(\.path)
        guard !paths.isEmpty else { throw PluginError.noSwiftCode }
        return ToolInvocation(tool: "ckschema-check-code", arguments: paths + passThrough, directory: root)
    }

    /// `ckschema check-models FILE… MODEL.xcdatamodeld… [options]`; throws `PluginError.noModels` when no chosen
    /// target has Swift files or a Core Data model.
    static func checkModels(targets: [PluginTarget], names: [String], passThrough: [String], root: URL) throws
        -> ToolInvocation
    {
        let paths = try chosen(targets, names).flatMap { $0.swiftFiles + $0.dataModels }.map(\.path)
        guard !paths.isEmpty else { throw PluginError.noModels }
        return ToolInvocation(tool: "ckschema", arguments: ["check-models"] + paths + passThrough, directory: root)
    }

    /// The named targets, else those that ship code.
    private static func chosen(_ targets: [PluginTarget], _ names: [String]) throws -> [PluginTarget] {
        names.isEmpty ? targets.filter(\.shipsCode) : try selectTargets(named: names, from: targets)
    }
}
