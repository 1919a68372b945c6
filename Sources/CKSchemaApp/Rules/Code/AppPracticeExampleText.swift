internal import CKSchemaCore

/// Builds the examples of the code-practice rules: Swift files of an app, `↓` where the rule reports.
enum AppPracticeExampleText {
    /// An app whose code is `swift` files (`Journal/Sync.swift`, `Journal/Other1.swift`, …).
    static func app(_ swift: String..., fileID: String = #fileID, line: Int = #line) -> AppExample {
        AppExample(swift.enumerated().map { index, text in
            AppExampleFile(index == 0 ? "Journal/Sync.swift" : "Journal/Other\(index).swift", "import CloudKit\n\n" + text)
        }, fileID: fileID, line: line)
    }
}
