package import CKSchemaCore

/// A target of an app project (Xcode, XcodeGen): what it builds and the variants its configurations and
/// platforms sign.
package struct AppTarget: Sendable {
    package var name: String
    /// `com.apple.product-type.application`, XcodeGen's `application`, …
    package var productType: String?
    /// Where the target is declared.
    package var location: SourceLocation?
    /// The project file it comes from, as reports show it.
    package var project: String
    /// One per distinct (platform, bundle ID, entitlements, Info.plist) among its configurations.
    package var variants: [AppVariant]
    /// The Swift files it compiles; `nil` when the project does not say (or the reader cannot tell): the whole
    /// app's code is then judged for it.
    package var sources: TargetSources?

    package init(name: String, productType: String?, location: SourceLocation?, project: String, variants: [AppVariant]) {
        self.name = name
        self.productType = productType
        self.location = location
        self.project = project
        self.variants = variants
    }

    /// Apps, and targets whose type is not known: they register for pushes and have background modes.
    package var isApplication: Bool {
        guard let productType else { return true }
        return productType == "application" || productType.hasSuffix("product-type.application")
            || productType.hasSuffix(".application.watchapp2") || productType == "application.watchapp2"
    }
}

/// What one configuration (or several alike) of a target on one platform signs and declares.
package struct AppVariant: Sendable {
    /// The build configurations (`Debug`, `Release`) that give this variant.
    package var configurations: [String]
    package var platform: AppPlatform?
    package var bundleID: String?
    /// `CODE_SIGN_ENTITLEMENTS` (or XcodeGen's `entitlements.path`) resolved against the project folder, and
    /// where it is set.
    package var entitlementsPath: String?
    package var entitlementsSetting: SourceLocation?
    /// The entitlements with the variant's settings expanded (`nil`: none, or not readable).
    package var entitlements: Entitlements?
    /// `UIBackgroundModes` from Info.plist and `INFOPLIST_KEY_UIBackgroundModes`; `nil`: no Info.plist says
    /// anything (or none could be read).
    package var backgroundModes: [String]?
    /// `CKSharingSupported` from Info.plist, `INFOPLIST_KEY_CKSharingSupported` or XcodeGen's `info.properties`;
    /// `nil`: no Info.plist says anything (or none could be read).
    package var sharingSupported: Bool?
    /// Whether an Info.plist was found or generated, to word findings.
    package var infoPlist: String?
    package var infoPlistLocation: SourceLocation?

    package init(configurations: [String], platform: AppPlatform?, bundleID: String?) {
        self.configurations = configurations
        self.platform = platform
        self.bundleID = bundleID
    }

    /// The expanded CloudKit values, to tell variants whose settings expand differently apart.
    package static func signature(_ entitlements: Entitlements) -> [String] {
        entitlements.containers.map(\.text) + entitlements.services + [entitlements.environment ?? "-"]
    }
}

/// A `codesign … --entitlements FILE` in a script, a Makefile, a CI workflow or a build phase.
package struct ScriptSigning: Sendable {
    /// Where `codesign` is written.
    package var location: SourceLocation
    /// The entitlements path as written.
    package var written: String
    /// The file read (`nil`: not found, or the path is computed).
    package var entitlements: Entitlements?

    package init(location: SourceLocation, written: String, entitlements: Entitlements?) {
        self.location = location
        self.written = written
        self.entitlements = entitlements
    }
}

/// Everything doctor read: the targets, the scripts that sign, and the container `ckschema.yaml` names.
package struct AppProject: Sendable {
    package var targets: [AppTarget] = []
    package var signings: [ScriptSigning] = []
    /// `cloudkit.containerID` of `ckschema.yaml`, with where it is written.
    package var configuredContainer: (id: String, location: SourceLocation?)?
    /// What reading reported: unreadable or broken files, projects not read, unreferenced entitlements.
    package var diagnostics: [Diagnostic] = []
    /// Every text file read, for reports to quote.
    package var sources: [SourceFile] = []
    /// The project files read (`App.xcodeproj/project.pbxproj`, `project.yml`), for the summary.
    package var projectFiles: [String] = []
    /// What the app's Swift code says about CloudKit (`ckschema-check-code app-facts`); `nil` when the code was
    /// not read (no Swift files, or the companion executable is missing: a note says so). Rules that need it are
    /// silent without it.
    package var code: AppCodeFacts?
    /// The folders of the test targets of the local packages whose code is attributed: no app target's code.
    package var packageTestFolders: [String] = []

    package init() {}

    /// Every target variant with its target.
    package var variants: [(target: AppTarget, variant: AppVariant)] {
        targets.flatMap { target in target.variants.map { (target, $0) } }
    }
}
