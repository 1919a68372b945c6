import Foundation
import PackagePlugin

/// `swift package cloudkit-doctor [doctor options]`: `ckschema doctor` on the package folder — entitlements,
/// Info.plist files, Xcode and XcodeGen projects, signing scripts and, through `ckschema-check-code` beside
/// `ckschema`, the Swift code — with each finding shown as an error, warning or remark at its file and line.
/// It writes nothing, so it needs no permission.
///
/// Doctor judges the targets together, so `--target` does not narrow it; other arguments (`--strict`,
/// `--config FILE`) go to doctor, except `--format`, which is the plugin's (`DoctorPlan`). Each message starts with
/// its `path:line`, which SwiftPM's command line would not show.
struct CKSchemaDoctorPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // Also run by Xcode for a package it opened, where the place in the message is said twice; on the command
        // line it is the only place shown.
        try DoctorPlan.perform(arguments: arguments, root: context.package.directoryURL, placeInMessage: true) {
            try context.tool(named: $0).url
        }
    }
}
