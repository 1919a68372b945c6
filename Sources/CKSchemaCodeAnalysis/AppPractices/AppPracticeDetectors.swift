package import CKSchemaApp
package import SwiftSyntax

/// The code-practice detectors of `ckschema doctor` (cursors, change tokens, subscriptions, error handling,
/// CKSyncEngine state, polling, …): each reads a parsed file and returns findings under its app rule's ID.
package enum AppPracticeDetectors {
    /// The findings of every detector on one file. `styles` is how the whole app syncs: rules about work an
    /// engine does (tokens, retries, subscriptions) stay silent for engine-managed sync.
    package static func findings(in file: SourceFileSyntax, path: String, converter: SourceLocationConverter,
                                 styles: Set<SyncStyle>) -> [AppCodeFinding] {
        []
    }
}
