internal import CKSchemaApp
internal import CKSchemaCore

/// Reads an Xcode project (`App.xcodeproj/project.pbxproj`): its native targets, each configuration's build
/// settings (project and target levels, their `.xcconfig` files, `[sdk=…]` / `[config=…]` conditions), and from
/// them each target's platform, bundle ID, entitlements and Info.plist. Script build phases that run `codesign`
/// are scanned like scripts.
struct XcodeProjectReader {
    /// `App.xcodeproj/project.pbxproj`, relative to the root.
    let path: String
    /// The folder settings' relative paths start from: the one holding the `.xcodeproj` (and `projectDirPath`).
    private var folder: String
    private var objects = XcodeObjects(PropertyListNode(.dictionary([]), at: nil), folder: "")

    init(path: String) {
        self.path = path
        folder = AppPath.folder(of: AppPath.folder(of: path))
    }

    mutating func read(into reader: inout AppReader) {
        let display = reader.files.display(path)
        guard let root = reader.plist(path, namedAt: nil, by: "the Xcode project") else { return }
        reader.project.projectFiles.append(display)
        let start = SourceLocation(file: display, line: 1, column: 1)
        guard let objectList = root["objects"], objectList.isDictionary, let rootID = root["rootObject"]?.string,
              let project = objectList[rootID] else {
            reader.report(AppReadDiagnostics.projectInvalid, .error,
                          "'\(display)' has no 'objects' or 'rootObject': it is not an Xcode project", at: root.location ?? start)
            return
        }
        if let directory = project["projectDirPath"]?.string, !directory.isEmpty,
           let joined = AppPath.join(folder, directory) {
            folder = joined
        }
        objects = XcodeObjects(objectList, folder: folder)
        let membership = XcodeSourceMembership(objects: objects, projectID: rootID,
                                               display: { [files = reader.files] in files.display($0) })
        let projectConfigurations = configurations(of: project)
        for targetID in project["targets"]?.items.compactMap(\.string) ?? [] {
            guard let target = objects[targetID], target["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = target["name"]?.string ?? targetID
            let location = target.entry("name")?.keyLocation ?? target.location
            var variants: [AppVariant] = []
            let targetConfigurations = configurations(of: target)
            if targetConfigurations.isEmpty {
                reader.report(AppReadDiagnostics.projectInvalid, .error,
                              "the target '\(name)' has no build configurations", at: location)
            }
            for configuration in targetConfigurations {
                let projectLevel = projectConfigurations.first { $0.name == configuration.name }
                let levels = (projectLevel.map { [xcconfig($0, &reader), $0.settings] } ?? [])
                    + [xcconfig(configuration, &reader), configuration.settings]
                let variant = AppVariantBuilder(levels: levels, configuration: configuration.name, targetName: name,
                                                folder: folder)
                variants = AppVariantBuilder.merge(variants, variant.build(&reader))
            }
            for phase in target["buildPhases"]?.items.compactMap({ $0.string.flatMap { objects[$0] } }) ?? []
            where phase["isa"]?.string == "PBXShellScriptBuildPhase" {
                if let script = phase["shellScript"], let text = script.string {
                    SigningScanner.scan(text, at: script.location ?? start, embedded: true, folder: folder, into: &reader)
                }
            }
            var appTarget = AppTarget(name: name, productType: target["productType"]?.string, location: location,
                                      project: display, variants: variants)
            appTarget.sources = membership.sources(of: targetID)
            for link in XcodePackageProducts.links(of: target, in: objects) {
                reader.packageLinks.append(PackageLink(target: reader.project.targets.count, package: link.package,
                                                       product: link.product))
            }
            reader.project.targets.append(appTarget)
        }
    }

    private struct Configuration {
        var name: String
        var settings: BuildSettingsLevel
        /// The `.xcconfig` file it is based on, relative to the root.
        var basePath: String?
        var location: SourceLocation?
    }

    /// The build configurations of a target or the project, each with its settings.
    private func configurations(of object: PropertyListNode) -> [Configuration] {
        guard let listID = object["buildConfigurationList"]?.string, let list = objects[listID] else { return [] }
        return list["buildConfigurations"]?.items.compactMap { item in
            guard let id = item.string, let configuration = objects[id] else { return nil }
            var settings: BuildSettingsLevel = [:]
            for entry in configuration["buildSettings"]?.entries ?? [] {
                let (name, conditions) = BuildSetting.split(entry.key)
                let value = entry.value.string ?? entry.value.strings.map(\.text).joined(separator: " ")
                settings[name, default: []].append(BuildSetting(value: value, conditions: conditions, location: entry.keyLocation))
            }
            var base = configuration["baseConfigurationReference"]?.string.flatMap { id in objects.filePath(id) }
            // Xcode 16's synchronized folders: the file is named by its folder and a path inside it.
            if base == nil, let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
               let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
               let folder = objects.filePath(anchor) {
                base = AppPath.join(folder, relative)
            }
            return Configuration(name: configuration["name"]?.string ?? id, settings: settings, basePath: base,
                                 location: configuration.location)
        } ?? []
    }

    /// The settings of a configuration's `.xcconfig` file (empty when it has none or it cannot be found).
    private func xcconfig(_ configuration: Configuration, _ reader: inout AppReader) -> BuildSettingsLevel {
        guard let path = configuration.basePath else { return [:] }
        return XCConfigReader.read(path, into: &reader, depth: 0)
    }
}

/// Reads `.xcconfig` files: `NAME = value`, `NAME[sdk=…] = value`, `#include "other.xcconfig"` (and
/// `#include?`), `//` comments.
enum XCConfigReader {
    static func read(_ path: String, into reader: inout AppReader, depth: Int,
                     includedAt: SourceLocation? = nil) -> BuildSettingsLevel {
        guard depth < 8 else { return [:] }
        if let includedAt, case .failure(let problem) = reader.files.read(path), problem.isMissing {
            // Often generated or ignored (a TeamID.xcconfig each developer writes): its settings are unknown.
            reader.report(AppReadDiagnostics.notRead, .note,
                          "'\(reader.files.display(path))' is not in the folder (generated, or ignored by version control?): "
                            + "the settings it holds are unknown", at: includedAt)
            return [:]
        }
        guard let file = reader.text(path, by: "a configuration file") else { return [:] }
        var settings: BuildSettingsLevel = [:]
        for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var body = Substring(line)
            if let comment = body.firstRange(of: "//") { body = body[..<comment.lowerBound] }
            let trimmed = String(body).trimmingSpace
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close,
                      let included = AppPath.join(AppPath.folder(of: path), String(trimmed[trimmed.index(after: open)..<close]))
                else { continue }
                let place = SourceLocation(file: file.path, line: number + 1, column: 1)
                for (name, values) in read(included, into: &reader, depth: depth + 1, includedAt: place) {
                    settings[name, default: []] += values
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals]).trimmingSpace
            guard !key.isEmpty else { continue }
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingSpace
            let (name, conditions) = BuildSetting.split(key)
            let column = line.distance(from: line.startIndex, to: line.firstIndex { !$0.isWhitespace } ?? line.startIndex) + 1
            settings[name, default: []].append(BuildSetting(
                value: value, conditions: conditions, location: SourceLocation(file: file.path, line: number + 1, column: column)))
        }
        return settings
    }
}
