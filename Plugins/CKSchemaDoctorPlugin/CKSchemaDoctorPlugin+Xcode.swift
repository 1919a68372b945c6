#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

/// `cloudkit-doctor` from Xcode's project menu: doctor on the folder holding the `.xcodeproj`, every target of
/// it (whatever targets the dialog selected: doctor compares them with one another), findings in the Issue
/// navigator at the entitlements, Info.plist, project or Swift line they are about.
extension CKSchemaDoctorPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try DoctorPlan.perform(arguments: arguments, root: context.xcodeProject.directoryURL, placeInMessage: false) {
            try context.tool(named: $0).url
        }
    }
}
#endif
