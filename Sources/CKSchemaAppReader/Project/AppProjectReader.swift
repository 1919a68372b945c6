package import CKSchemaApp
package import CKSchemaCore
internal import CKSchemaParsing

/// Reads every app configuration under a folder: Xcode projects, XcodeGen projects (unless the project they
/// generate is there too, which is read instead), signing scripts; recognises Tuist, Bazel and SwiftPM app
/// projects and says it did not read them; notes `.entitlements` files nothing signs with.
package enum AppProjectReader {
    package static func read(_ files: any AppFileSource, configuredContainer: (id: String, location: SourceLocation?)? = nil)
        -> AppProject {
        var reader = AppReader(files: files)
        reader.project.configuredContainer = configuredContainer
        let all = files.files
        let xcodeProjects = all.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
        let generatedFolders = Set(xcodeProjects.map { AppPath.folder(of: AppPath.folder(of: $0)) })
        for path in xcodeProjects {
            var project = XcodeProjectReader(path: path)
            project.read(into: &reader)
        }
        for path in all where ["project.yml", "project.yaml"].contains(AppPath.name(of: path))
            && !generatedFolders.contains(AppPath.folder(of: path)) {
            XcodeGenReader(path: path).read(into: &reader)
        }
        LocalPackageAttribution.attribute(&reader)
        for path in all where SigningScanner.isScript(path) {
            guard let file = reader.text(path) else { continue }
            SigningScanner.scan(file.text, at: SourceLocation(file: file.path, line: 1, column: 1), embedded: false,
                                folder: AppPath.folder(of: path), into: &reader)
        }
        for path in all {
            if let generator = unreadGenerator(path, &reader) {
                reader.report(AppReadDiagnostics.notRead, .note,
                              "'\(files.display(path))' is \(generator), which doctor does not read: its targets are not judged",
                              at: SourceLocation(file: files.display(path), line: 1, column: 1))
            }
        }
        // A project that could not be read may name any of them: saying that nothing does would be a guess.
        let aProjectIsUnread = reader.project.diagnostics.contains { diagnostic in
            [AppReadDiagnostics.syntax, AppReadDiagnostics.projectInvalid].contains(diagnostic.id)
                && diagnostic.location.map { isProjectFile(AppPath.name(of: $0.file)) } == true
        }
        for path in all where !aProjectIsUnread && path.hasSuffix(".entitlements") && !reader.referenced.contains(path) {
            reader.report(AppReadDiagnostics.unreferenced, .note,
                          "no target and no signing script uses '\(files.display(path))': it is not judged",
                          at: SourceLocation(file: files.display(path), line: 1, column: 1))
        }
        return reader.project
    }

    private static func isProjectFile(_ name: String) -> Bool {
        ["project.pbxproj", "project.yml", "project.yaml"].contains(name)
    }

    /// What a project file doctor does not read is (`a Tuist project`), or `nil`.
    private static func unreadGenerator(_ path: String, _ reader: inout AppReader) -> String? {
        let name = AppPath.name(of: path)
        switch name {
        case "Project.swift", "Workspace.swift", "Tuist.swift", "Config.swift":
            guard name != "Config.swift" || path.hasSuffix("Tuist/Config.swift"),
                  let text = reader.files.textIfReadable(path), text.contains("ProjectDescription") else { return nil }
            return "a Tuist project"
        case "BUILD", "BUILD.bazel":
            guard let text = reader.files.textIfReadable(path),
                  text.contains("ios_application") || text.contains("macos_application") else { return nil }
            return "a Bazel app"
        case "Package.swift":
            guard let text = reader.files.textIfReadable(path), text.contains(".iOSApplication(") else { return nil }
            return "a Swift Playgrounds app package"
        default:
            return nil
        }
    }
}

extension AppFileSource {
    /// The file's text when it is readable UTF-8, without reporting anything.
    func textIfReadable(_ path: String) -> String? {
        guard case .success(let bytes) = read(path) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension AppProjectReader {
    /// `cloudkit.containerID` of a configuration file and where it is written.
    package static func configuredContainer(in file: SourceFile) -> (id: String, location: SourceLocation?)? {
        let document = YAMLComposer.compose(file).document
        guard let root = document.root, document[root].kind == .mapping else { return nil }
        for (key, value) in document.pairs(of: root) where document.texts[key] == "cloudkit" && document[value].kind == .mapping {
            for (inner, id) in document.pairs(of: value) where document.texts[inner] == "containerID" && document[id].kind == .scalar {
                return (document.texts[id], document.location(of: id))
            }
        }
        return nil
    }
}
