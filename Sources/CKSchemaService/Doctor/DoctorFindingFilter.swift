package import CKSchemaApp
package import CKSchemaCore
import CKSchemaRules

/// What doctor drops from the rules' findings: those silenced by a `ckschema:disable-next-line RULE` comment
/// (`<!-- … -->` in property lists, `#` in scripts, `//` in Swift) and those in files `doctor.ignore` matches.
/// What reading reports is never dropped.
package enum DoctorFindingFilter {
    /// `findings` less the silenced and ignored ones. `sources` are the files whose comments count; `root` is the
    /// app's folder as reports name files under it: an `ignore` glob matches a path relative to it (as written in
    /// the app's own `ckschema.yaml`) or as reported (relative to the folder doctor runs in).
    package static func apply(_ findings: [Diagnostic], sources: [SourceFile], settings: LintSettings,
                              root: String) -> [Diagnostic] {
        let suppressions = Suppressions(sources: sources)
        let ruleIDs = Set(AppRules.all.map { $0.description.id })
        let prefix = root == "." || root.isEmpty ? "" : (root.hasSuffix("/") ? root : root + "/")
        return findings.filter { diagnostic in
            if ruleIDs.contains(diagnostic.id), suppressions.suppresses(diagnostic) { return false }
            guard let file = diagnostic.location?.file else { return true }
            let relative = !prefix.isEmpty && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
            return !settings.ignoredPaths.contains { PathGlob($0).matches(relative) || PathGlob($0).matches(file) }
        }
    }
}
