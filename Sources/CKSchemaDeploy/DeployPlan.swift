package import CKSchemaCore
package import CKSchemaRules

/// A reviewed deploy: what will be applied to which environment, what it changes, whether the production gate
/// lets it through, and the exact `.ckdb` text to apply.
///
/// A plan is a value and a file: `ckschema deploy --plan FILE` writes it as JSON (see docs/deploy.md), and a
/// later `--plan FILE --yes` applies exactly its `ckdb`, after checking that neither snapshot it was made
/// against has changed since (`base` and `production` record their SHA-256 digests). A plan never holds a
/// secret: no token, no environment variable, only names and schema text.
package struct DeployPlan: Hashable, Sendable, Codable {
    /// The value of `format`, marking a file as a ckschema deploy plan.
    package static let formatName = "ckschema-deploy-plan"
    /// The plan file version this ckschema writes. Version 2 records changes as `ChangeRecord`s, the encoding of
    /// `ckschema diff --format json`.
    package static let currentVersion = 2
    /// The plan file versions this ckschema reads: version 1 plans (changes with a `summary` and text
    /// locations) still apply.
    package static let readableVersions = 1...currentVersion

    /// Always `ckschema-deploy-plan`.
    package var format: String
    /// The plan file version (`currentVersion` when written by this ckschema).
    package var version: Int
    /// When the plan was made (ISO 8601, UTC).
    package var createdAt: String
    /// The ckschema that made it (`ckschema 0.1.0`).
    package var createdBy: String
    /// The environment the plan deploys to.
    package var environment: CloudKitEnvironment
    /// The backend that applies it.
    package var backend: DeployBackendKind
    /// The container and team the cktool backend talks to; `nil` for the directory backend.
    package var container: CloudKitContainer?
    /// The project schema the plan was made from.
    package var schema: SchemaReference
    /// The target environment's snapshot when the plan was made: the changes are relative to it.
    package var base: SnapshotReference
    /// The production snapshot the gate compared against (the same as `base` for a production deploy).
    package var production: SnapshotReference
    /// Whether the plan may be applied: nothing in it, and nothing production would refuse, is breaking.
    package var deployable: Bool
    /// Counts of `changes` by classification.
    package var summary: ChangeSummary
    /// Every change from `base` to `ckdb`, classified, in the differ's order.
    package var changes: [ChangeRecord]
    /// The production gate: the project schema compared with production.
    package var gate: Gate
    /// The whole schema to apply, in the `cktool export-schema` layout; it becomes the recorded snapshot.
    package var ckdb: String
    /// The SHA-256 of `ckdb`, so an edited plan is refused.
    package var ckdbSHA256: String

    /// A plan with every part given; `format`, `version` and `ckdbSHA256` are filled in.
    package init(createdAt: String, createdBy: String, environment: CloudKitEnvironment, backend: DeployBackendKind,
                container: CloudKitContainer?, schema: SchemaReference, base: SnapshotReference,
                production: SnapshotReference, changes: [ChangeRecord], gate: Gate, ckdb: String) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.environment = environment
        self.backend = backend
        self.container = container
        self.schema = schema
        self.base = base
        self.production = production
        self.changes = changes
        self.summary = ChangeSummary(changes.map(\.classification))
        self.gate = gate
        self.deployable = gate.deployable && !changes.contains { $0.classification == .breaking }
        self.ckdb = ckdb
        self.ckdbSHA256 = SHA256.hexDigest(of: ckdb.utf8)
    }

    /// Whether applying the plan changes nothing.
    package var isEmpty: Bool { changes.isEmpty }

    private enum CodingKeys: String, CodingKey {
        case format, version, createdAt, createdBy, environment, backend, container, schema, base, production
        case deployable, summary, changes, gate, ckdb, ckdbSHA256
    }

    /// Encodes every key, `container` as `null` for the directory backend, so every plan has the same keys.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(version, forKey: .version)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(environment, forKey: .environment)
        try container.encode(backend, forKey: .backend)
        try container.encode(self.container, forKey: .container)
        try container.encode(schema, forKey: .schema)
        try container.encode(base, forKey: .base)
        try container.encode(production, forKey: .production)
        try container.encode(deployable, forKey: .deployable)
        try container.encode(summary, forKey: .summary)
        try container.encode(changes, forKey: .changes)
        try container.encode(gate, forKey: .gate)
        try container.encode(ckdb, forKey: .ckdb)
        try container.encode(ckdbSHA256, forKey: .ckdbSHA256)
    }
}

/// The iCloud container and developer team the cktool backend addresses (never a credential).
package struct CloudKitContainer: Hashable, Sendable, Codable {
    /// `iCloud.com.example.App`.
    package var containerID: String
    /// The ten-character Apple developer team ID.
    package var teamID: String

    /// A container of `teamID`.
    package init(containerID: String, teamID: String) {
        self.containerID = containerID
        self.teamID = teamID
    }
}

/// The project schema a plan was made from, as the user sees it.
package struct SchemaReference: Hashable, Sendable, Codable {
    /// The configured schema (`schemas`).
    package var name: String
    /// The files read.
    package var paths: [String]

    /// A schema named `name` read from `paths`.
    package init(name: String, paths: [String]) {
        self.name = name
        self.paths = paths
    }
}

/// An environment snapshot file at the moment a plan was made.
package struct SnapshotReference: Hashable, Sendable, Codable {
    /// The environment the file records.
    package var environment: CloudKitEnvironment
    /// The file, relative to where ckschema ran (for people; applying resolves the path from the configuration).
    package var path: String
    /// The SHA-256 of the file's bytes; `nil` when the file did not exist (an environment never deployed).
    package var sha256: String?

    /// A reference to `environment`'s snapshot at `path` with digest `sha256`.
    package init(environment: CloudKitEnvironment, path: String, sha256: String?) {
        self.environment = environment
        self.path = path
        self.sha256 = sha256
    }

    private enum CodingKeys: String, CodingKey {
        case environment, path, sha256
    }

    /// Encodes `sha256` as `null` when absent, so every plan has the same keys.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(environment, forKey: .environment)
        try container.encode(path, forKey: .path)
        try container.encode(sha256, forKey: .sha256)
    }
}

/// The production gate of a plan: the project schema compared with the production snapshot.
package struct Gate: Hashable, Sendable, Codable {
    /// Whether production would accept the schema (no breaking change).
    package var deployable: Bool
    /// Counts of the changes from production, by classification.
    package var summary: ChangeSummary
    /// The changes production would refuse (empty when `deployable`).
    package var breaking: [ChangeRecord]

    /// What a reviewer reads of the gate (see `ChangeRecord.reviewed`).
    package var reviewed: Gate {
        Gate(summary: summary, breaking: breaking.map(\.reviewed))
    }

    /// A gate over changes classified `classifications`, blocked by `breaking`.
    package init(summary: ChangeSummary, breaking: [ChangeRecord]) {
        self.deployable = breaking.isEmpty
        self.summary = summary
        self.breaking = breaking
    }
}

/// How many changes there are of each classification.
package struct ChangeSummary: Hashable, Sendable, Codable {
    /// All changes.
    package var changes: Int
    /// Changes production refuses.
    package var breaking: Int
    /// Changes accepted that may hurt shipped apps.
    package var warnings: Int
    /// Changes accepted without harm.
    package var safe: Int

    /// Counts `classifications`.
    package init(_ classifications: [ChangeClassification]) {
        changes = classifications.count
        breaking = classifications.count(where: { $0 == .breaking })
        warnings = classifications.count(where: { $0 == .warning })
        safe = classifications.count(where: { $0 == .safe })
    }

    /// `3 changes: 1 breaking, 0 warnings, 2 safe`.
    package var description: String {
        "\(Self.count(changes, "change")): \(breaking) breaking, \(Self.count(warnings, "warning")), \(safe) safe"
    }

    /// `1 change`, `2 changes`.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
