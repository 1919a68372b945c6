/// Each target's part of the app's code on each platform it builds for (`AppProject.code(of:on:)`), filtered once
/// per doctor run: several rules ask for the same target's code, and filtering walks every fact of the app.
struct TargetCode: Sendable {
    private struct Key: Hashable {
        var project: String
        var target: String
        var platform: AppPlatform?
    }

    private var parts: [Key: AppCodeFacts] = [:]

    /// The parts of the targets whose sources are known, for each platform their variants build for (the others'
    /// part is the whole code: nothing to filter).
    init(_ project: AppProject) {
        guard project.code != nil else { return }
        for (target, variant) in project.variants where target.sources != nil {
            let key = Key(project: target.project, target: target.name, platform: variant.platform)
            if parts[key] == nil { parts[key] = project.code(of: target, on: variant.platform) }
        }
    }

    /// `target`'s code on `platform`: filtered here when it was, else asked of `project`.
    func code(of target: AppTarget, on platform: AppPlatform?, in project: AppProject) -> AppCodeFacts? {
        parts[Key(project: target.project, target: target.name, platform: platform)] ?? project.code(of: target, on: platform)
    }
}
