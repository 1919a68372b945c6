package import CKSchemaCore
package import CKSchemaModels
import Foundation

/// What `check-models` compares the models with: the same paths at a git revision (`--since REF`, or
/// `models.shipped` in `ckschema.yaml`), and the versions inside each `.xcdatamodeld` (`--previous-version`,
/// `--all-versions`, see `CoreDataModelVersions` for the order), and the SwiftData `VersionedSchema`s in their
/// migration plan's order.
package struct ModelEvolutionInputs {
    /// Which `.xcdatamodeld` versions to compare.
    package enum Versions {
        /// The current version against the one before it.
        case previous
        /// Every version against the next, up to the current one.
        case all
    }

    /// The models at the revision, judged with the models now in the main check.
    package var shipped: ShippedModel?
    /// The findings of the version steps (evolution rules only).
    package var findings: [Diagnostic] = []
    /// What reading the other versions reported (notes and warnings; errors stop the run).
    package var diagnostics: [Diagnostic] = []
    /// The files read at the revision, for reports.
    package var sources: [SourceFile] = []
    /// What was compared, for the clean run's one line (` since v2.3.0`).
    package var summary = ""

    /// `current` is what was read now: its `VersionedSchema`s (oldest first) and custom migration stages.
    package static func read(since revision: String?, paths: [String], versions: Versions?, current: ModelSchemaReader.Read,
                     settings: LintSettings) throws(ServiceError) -> ModelEvolutionInputs {
        let swiftVersions = current.versions
        var inputs = ModelEvolutionInputs()
        var compared: [String] = []
        var shippedVersions: [DataModelVersion] = []
        var shippedMigrations: [NamedLocation]?
        if let revision {
            let read = try ShippedModelReader.read(revision: revision, paths: paths)
            inputs.shipped = read.shipped
            inputs.diagnostics += read.diagnostics.filter { $0.severity != .note }
            inputs.sources += read.sources
            shippedVersions = read.versions
            shippedMigrations = read.customMigrations
            compared.append("since \(revision)")
        }
        if revision != nil || versions != nil {
            let migrations = current.customStages + mappingModels(in: paths)
            inputs.findings += (ModelVersionHistory.check(shipped: shippedVersions, current: swiftVersions, revision: revision)
                + ModelVersionHistory.customMigrations(migrations, shipped: shippedMigrations))
                .compactMap { finding in configured(finding, settings) }
        }
        if let versions {
            var steps = 0
            for bundle in bundles(in: paths) {
                let found = CoreDataModelVersions.steps(of: bundle, all: versions == .all)
                inputs.diagnostics += found.diagnostics
                for step in found.steps {
                    let shipped = try version(step.shipped), current = try version(step.current)
                    inputs.findings += ModelRules.checkEvolution(
                        from: ShippedModel(model: shipped, name: (step.shipped as NSString).lastPathComponent), to: current,
                        disabled: settings.disabled, enabled: settings.enabled, severities: settings.severities)
                    steps += 1
                }
            }
            // SwiftData: each VersionedSchema against the next (the last pair for the previous version only).
            let pairs = Array(zip(swiftVersions, swiftVersions.dropFirst()))
            for (shipped, current) in versions == .all ? pairs : pairs.suffix(1) {
                inputs.findings += ModelRules.checkEvolution(
                    from: ShippedModel(model: shipped.model, name: shipped.name), to: current.model,
                    disabled: settings.disabled, enabled: settings.enabled, severities: settings.severities)
                steps += 1
            }
            compared.append("\(steps) model version step\(steps == 1 ? "" : "s")")
        }
        inputs.summary = compared.isEmpty ? "" : " (" + compared.joined(separator: ", ") + ")"
        return inputs
    }

    /// A finding made outside the rules, with the configuration's selection and severity; `nil` when switched off.
    private static func configured(_ finding: Diagnostic, _ settings: LintSettings) -> Diagnostic? {
        let id = finding.id.rawValue
        guard !settings.disabled.contains(id) else { return nil }
        guard let severity = settings.severities[id] else { return finding }
        guard let severity else { return nil }
        var changed = finding
        changed.severity = severity
        return changed
    }

    /// The Core Data mapping models (`.xcmappingmodel`) named in `paths` or found in its folders, by file name.
    package static func mappingModels(in paths: [String]) -> [NamedLocation] {
        paths.flatMap { path -> [String] in
            if (path as NSString).pathExtension.lowercased() == "xcmappingmodel" { return [path] }
            guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "DerivedData" {
                    walker.skipDescendants()
                } else if (name as NSString).pathExtension.lowercased() == "xcmappingmodel" {
                    found.append((path as NSString).appendingPathComponent(relative))
                    walker.skipDescendants()
                }
            }
            return found.sorted()
        }.map { NamedLocation(name: ($0 as NSString).lastPathComponent, location: SourceLocation(file: $0, line: 1, column: 1)) }
    }

    /// The `.xcdatamodeld` bundles named in `paths` or found in its folders.
    private static func bundles(in paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            if (path as NSString).pathExtension.lowercased() == "xcdatamodeld" { return [path] }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                  !CoreDataModelReader.isModelPath(path) else { return [] }
            return ModelSchemaReader.scan(folder: path).coreData
                .filter { ($0 as NSString).pathExtension.lowercased() == "xcdatamodeld" }
        }
    }

    /// One `.xcdatamodel` version, which must read without errors.
    private static func version(_ path: String) throws(ServiceError) -> DataModel {
        let read = CoreDataModelReader.read(path)
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            throw .couldNotRun("the model version '\(path)' cannot be read: "
                + (error.location.map { "\($0.file):\($0.line):\($0.column): " } ?? "") + error.message)
        }
        return read.model
    }
}
