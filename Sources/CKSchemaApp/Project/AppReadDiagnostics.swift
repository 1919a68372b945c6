package import CKSchemaCore

/// What reading an app's configuration reports besides the rules: files that cannot be read or are not what
/// they should be (errors, located where reading stopped), and what doctor recognised but did not read (notes).
package enum AppReadDiagnostics {
    /// A file a target, a project or a script names is missing or cannot be read.
    package static let unreadable: DiagnosticID = "app_file_unreadable"
    /// A property list (entitlements, Info.plist) or `project.pbxproj` is not well-formed.
    package static let syntax: DiagnosticID = "app_plist_syntax"
    /// An entitlements file (or Info.plist) is a property list of the wrong shape: not a dictionary, or a key
    /// CloudKit reads holds the wrong type.
    package static let wrongType: DiagnosticID = "app_plist_wrong_type"
    /// A project file is well-formed but not a project doctor can follow (no objects, a target without
    /// configurations, an XcodeGen file that is not a mapping).
    package static let projectInvalid: DiagnosticID = "app_project_invalid"
    /// A project generator or build system doctor recognises but does not read (Tuist, Bazel, an XcodeGen
    /// `include`), or a path computed from a setting it cannot know.
    package static let notRead: DiagnosticID = "app_not_read"
    /// An `.entitlements` file no target and no signing script names: no build signs with it, so it is not
    /// judged.
    package static let unreferenced: DiagnosticID = "app_entitlements_unreferenced"
    /// The app's Swift code was not read (`ckschema-check-code` missing or failing): the rules that judge code
    /// next to configuration are silent, the configuration rules still run.
    package static let codeNotRead: DiagnosticID = "app_code_not_read"

    package static let all: [RuleDescription] = [
        RuleDescription(
            id: unreadable, kind: .app, category: .syntax, defaultSeverity: .error,
            summary: "A file a target, a project or a signing script names is missing or cannot be read."),
        RuleDescription(
            id: syntax, kind: .app, category: .syntax, defaultSeverity: .error,
            summary: "An entitlements file, an Info.plist or a project.pbxproj is not a well-formed property list (XML, binary or old-style ASCII); the first error is located."),
        RuleDescription(
            id: wrongType, kind: .app, category: .syntax, defaultSeverity: .error,
            summary: "A property list has the wrong shape: an entitlements file or Info.plist that is not a dictionary, or a key CloudKit reads holding the wrong type."),
        RuleDescription(
            id: projectInvalid, kind: .app, category: .syntax, defaultSeverity: .error,
            summary: "A project file is well-formed but not a project doctor can follow (no objects, no targets' configurations, an XcodeGen file that is not a mapping)."),
        RuleDescription(
            id: notRead, kind: .app, category: .app, defaultSeverity: .note,
            summary: "Something doctor recognises but does not read — a Tuist or Bazel project, an XcodeGen include, a path computed from a setting it cannot know — is named, never guessed."),
        RuleDescription(
            id: unreferenced, kind: .app, category: .app, defaultSeverity: .note,
            summary: "An .entitlements file no target and no signing script names: no build signs with it, so it is not judged."),
        RuleDescription(
            id: codeNotRead, kind: .app, category: .app, defaultSeverity: .note,
            summary: "The app's Swift code could not be read (ckschema-check-code is missing or failed): the rules that judge code next to the configuration are silent; the configuration rules still run."),
    ]
}
