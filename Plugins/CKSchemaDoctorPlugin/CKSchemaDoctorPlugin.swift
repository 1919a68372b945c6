import Foundation
import PackagePlugin

/// `swift package cloudkit-doctor [doctor options]`: `ckschema doctor` on the package folder — entitlements,
/// Info.plist files, Xcode and XcodeGen projects, signing scripts and, through `ckschema-check-code` beside
/// `ckschema`, the Swift code — with each finding shown as an error, warning or remark at its file and line.
/// It writes nothing, so it needs no permission.
///
/// Doctor judges the targets together, so `--target` does not narrow it; other arguments (`--strict`,
/// `--config FILE`) go to doctor, except `--format`, which is the plugin's (`DoctorPlan`).
struct CKSchemaDoctorPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try DoctorPlan.perform(arguments: arguments, root: context.package.directoryURL) {
            try context.tool(named: $0).url
        }
    }
}
