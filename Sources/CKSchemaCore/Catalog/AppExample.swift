/// A `ckschema doctor` rule's documented example: the files of a small app (an XcodeGen `project.yml` or a
/// `project.pbxproj`, entitlements, Info.plist, scripts, `ckschema.yaml`), by path. Triggering examples mark
/// each place the rule must report with `↓` right before it, in any file; non-triggering examples have none.
package struct AppExample: Sendable {
    package let files: [AppExampleFile]
    package let fileID: String
    package let line: Int

    package init(_ files: [AppExampleFile], fileID: String = #fileID, line: Int = #line) {
        self.files = files
        self.fileID = fileID
        self.line = line
    }

    /// The files without markers, as a user would write them.
    package var unmarkedFiles: [AppExampleFile] {
        files.map { AppExampleFile($0.path, $0.text.replacing("↓", with: "")) }
    }

    /// The (path, line, column) of each `↓`, in the unmarked files (columns count Unicode scalars).
    package var markedPositions: [(path: String, line: Int, column: Int)] {
        files.flatMap { file in ExampleMarkers.positions(in: file.text).map { (file.path, $0.line, $0.column) } }
    }
}

/// One file of an `AppExample`.
package struct AppExampleFile: Sendable {
    package let path: String
    package let text: String

    package init(_ path: String, _ text: String) {
        self.path = path
        self.text = text
    }
}
