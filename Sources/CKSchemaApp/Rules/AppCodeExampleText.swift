internal import CKSchemaCore

/// The Swift files of the doctor rules' examples that judge code next to configuration: `↓` marks where the
/// rule reports, as in the other example files.
enum AppCodeExampleText {
    /// `Journal/Sync.swift` holding `code`.
    static func swift(_ code: String, path: String = "Journal/Sync.swift") -> AppExampleFile {
        AppExampleFile(path, code)
    }

    /// The iOS app of `AppExampleText.app` with push and the background mode, plus `code`.
    static func app(_ code: String, entitlements: String = AppExampleText.cloudKit + AppExampleText.push,
                    target: String = AppExampleText.target()) -> [AppExampleFile] {
        [AppExampleText.project(target), AppExampleText.entitlements(entitlements), swift(code)]
    }
}
