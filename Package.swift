// swift-tools-version:6.1
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the upcoming features that keep
/// imports and existentials explicit.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ckschema",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ckschema", targets: ["ckschema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        // Value types, source positions and diagnostics. Depends on nothing.
        .target(name: "CKSchemaCore", swiftSettings: swiftSettings),
        // YAML and .ckdb parsers, schema loading. The only module that imports Yams / libyaml.
        .target(
            name: "CKSchemaParsing",
            dependencies: ["CKSchemaCore", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // Canonical .ckdb and YAML printers.
        .target(name: "CKSchemaPrinting", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Comparing two schemas into a typed change set.
        .target(name: "CKSchemaDiff", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Lint rules, their registry and the linter; breaking-change rules over a change set.
        .target(name: "CKSchemaRules", dependencies: ["CKSchemaCore", "CKSchemaDiff"], swiftSettings: swiftSettings),
        // Validating record data (Web Services JSON, NDJSON, cktool payloads) against a schema.
        .target(name: "CKSchemaValidation", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Deploying: plans, the production gate, the lock, snapshots, and the directory and cktool backends.
        // The only module that starts processes for deploys.
        .target(
            name: "CKSchemaDeploy",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaDiff", "CKSchemaRules"],
            swiftSettings: swiftSettings
        ),
        // Benchmarks of ckschema's engines (`ckschema-bench validate`, …).
        .executableTarget(
            name: "ckschema-bench",
            dependencies: ["CKSchemaCore", "CKSchemaValidation", "CKSchemaDeploy", "CKSchemaParsing", "CKSchemaRules"],
            swiftSettings: swiftSettings
        ),
        // Turning diagnostics into text, JSON, GitHub annotations and SARIF.
        .target(
            name: "CKSchemaReporting",
            dependencies: ["CKSchemaCore", "CKSchemaRules", "CKSchemaDiff"],
            swiftSettings: swiftSettings
        ),
        // The command-line tool. The only module that imports ArgumentParser.
        .executableTarget(
            name: "ckschema",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaReporting",
                "CKSchemaDiff", "CKSchemaValidation", "CKSchemaDeploy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Helpers shared by the test targets (marked text, fixtures, running the built tool).
        .target(
            name: "CKSchemaTestSupport",
            dependencies: ["CKSchemaCore"],
            path: "Tests/CKSchemaTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaCoreTests",
            dependencies: ["CKSchemaCore", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaParsingTests",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaValidationTests",
            dependencies: ["CKSchemaCore", "CKSchemaValidation", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaRulesTests",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaRules", "CKSchemaDiff", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaReportingTests",
            dependencies: [
                "CKSchemaCore", "CKSchemaRules", "CKSchemaReporting", "CKSchemaDiff", "CKSchemaParsing",
                "CKSchemaTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ckschemaCLITests",
            dependencies: ["ckschema", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaDiffTests",
            dependencies: ["CKSchemaCore", "CKSchemaDiff", "CKSchemaParsing", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaDeployTests",
            dependencies: [
                "CKSchemaCore", "CKSchemaDeploy", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaPrintingTests",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
