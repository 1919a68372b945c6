package import CKSchemaCore
import Foundation

/// The versions of an `.xcdatamodeld` bundle to compare when there is no git history to compare with: the
/// current version (named by `.xccurrentversion`) against its predecessor, or every version against the next
/// up to the current one.
///
/// The order is the versions' names with numbers compared as numbers — "Model" < "Model 2" < "Model 10" —
/// which is how Xcode names the versions it adds; a bundle whose names say otherwise ("Model v2-final") can
/// be compared through git instead (`check-models --since REF`). Versions after the current one are drafts
/// not yet shipped and are left out.
package enum CoreDataModelVersions {
    /// One comparison: the version that shipped before, and the one after it (paths of `.xcdatamodel` folders).
    package struct Step: Hashable, Sendable {
        package let shipped: String
        package let current: String
    }

    package static func steps(of bundle: String, all: Bool) -> (steps: [Step], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let versions = CoreDataModelReader.versions(of: bundle)
        guard let current = CoreDataModelReader.currentVersion(of: bundle, diagnostics: &diagnostics),
              let position = versions.firstIndex(of: current) else { return ([], diagnostics) }
        let path = { (version: String) in (bundle as NSString).appendingPathComponent(version) }
        let pairs = all ? Array(zip(versions[..<position], versions[1...position]))
            : position > 0 ? [(versions[position - 1], current)] : []
        return (pairs.map { Step(shipped: path($0.0), current: path($0.1)) }, diagnostics)
    }
}
