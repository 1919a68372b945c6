import CKSchemaCore
package import CKSchemaRules

/// What `ckschema access` shows: one schema's access matrix, or how a deploy changes it.
package struct AccessReport: Sendable {
    /// The schema's name as the user named it (`production`, `schemas`).
    package var source: String
    package var matrix: AccessMatrix
    /// With `--from`: the baseline's name and the cells the deploy changes.
    package var baseline: String?
    package var changes: [AccessChange]

    package init(source: String, matrix: AccessMatrix, baseline: String? = nil, changes: [AccessChange] = []) {
        self.source = source
        self.matrix = matrix
        self.baseline = baseline
        self.changes = changes
    }
}

/// `ckschema access --format`.
package enum AccessFormat: String, Sendable, CaseIterable {
    /// An aligned table per record type and a line per permission saying who may.
    case text
    /// Tables for a pull-request comment or docs.
    case markdown
    /// A stable, versioned document for tools (docs/access.md).
    case json

    package func render(_ report: AccessReport) -> String {
        switch self {
        case .text: AccessTextRenderer.render(report)
        case .markdown: AccessMarkdownRenderer.render(report)
        case .json: AccessJSONRenderer.render(report)
        }
    }
}

/// What the matrix's marks mean, for the legends of text and Markdown.
enum AccessLegend {
    static let lines = [
        "yes    granted to this role",
        "(yes)  not granted to this role, but its users hold a role that is (_icloud, _world)",
        "yes*   granted, but it gives nothing: _world cannot save without signing in, _creator's CREATE has no record yet",
        "-      no role its users hold is granted it",
    ]

    /// `read`, `create`, `write`.
    static func name(of permission: Permissions) -> String {
        permission.keyword.lowercased()
    }

    /// One line for a changed cell: `Post  _icloud  write  - -> yes: any user signed in …`.
    static func describe(_ change: AccessChange) -> (before: String, after: String, meaning: String) {
        let meaning = change.after?.meaning ?? "the record type or role is no longer in the public database's matrix"
        return (change.before?.mark ?? "-", change.after?.mark ?? "-", meaning)
    }
}
