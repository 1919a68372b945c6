// swift-tools-version:6.1
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the upcoming features that keep
/// imports and existentials explicit.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

#if os(Linux)
/// The test-only stand-ins for Apple's CloudKit and Core Location. They exist only where the real frameworks
/// do not, so that on Apple platforms nothing shadows the SDK.
let cloudKitStandIns: [Target.Dependency] = ["CloudKit", "CoreLocation"]
#else
let cloudKitStandIns: [Target.Dependency] = []
#endif

let package = Package(
    name: "ckschema",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ckschema", targets: ["ckschema"]),
        .executable(name: "ckschema-check-code", targets: ["ckschema-check-code"]),
        .executable(name: "ckschema-mcp", targets: ["ckschema-mcp"]),
        .plugin(name: "CKSchemaBuildPlugin", targets: ["CKSchemaBuildPlugin"]),
        .plugin(name: "CKSchemaGeneratePlugin", targets: ["CKSchemaGeneratePlugin"]),
        .plugin(name: "CKSchemaLintPlugin", targets: ["CKSchemaLintPlugin"]),
        .plugin(name: "CKSchemaCheckCodePlugin", targets: ["CKSchemaCheckCodePlugin"]),
        .plugin(name: "CKSchemaCheckModelsPlugin", targets: ["CKSchemaCheckModelsPlugin"]),
        .plugin(name: "CKSchemaDoctorPlugin", targets: ["CKSchemaDoctorPlugin"]),
    ],
    // `swift build --product ckschema-mcp --traits MCP` builds the MCP server (docs/agents.md).
    traits: [.trait(name: "MCP", description: "The MCP server ckschema-mcp, on the official Swift SDK")],
    dependencies: [
        // Ranges, not exact versions: an app adding ckschema for its plugins resolves these together with its
        // own dependencies, and an exact pin would refuse every other version it needs (docs/install.md).
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Only `ckschema-check-code` (and its tests) use swift-syntax: `ckschema` itself never builds it. Both ends
        // of the range are built in CI (scripts/check-swift-syntax-range.sh); a new major release joins it once
        // that script passes with it.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.1"..<"604.0.0"),
        // Only `ckschema-mcp` uses the MCP SDK, and only with the `MCP` trait: without it SwiftPM does not even
        // resolve the SDK (and swift-nio, which it names), so neither `swift run ckschema` nor an app adding
        // ckschema for its plugins pays for it.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        // The MCP SDK's own logging package, named because the server's transport declares its logger (from 1.16,
        // whose `LogEvent` the server's scrubbing log handler rewrites).
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        // Value types, source positions and diagnostics. Depends on nothing.
        .target(name: "CKSchemaCore", swiftSettings: swiftSettings),
        // libyaml, vendored unchanged (Sources/CLibYAML/README.md says from where, and why not through Yams).
        .target(name: "CLibYAML", exclude: ["LICENSE", "README.md"], cSettings: [.define("YAML_DECLARE_STATIC")]),
        // YAML and .ckdb parsers, schema loading. The only module that imports libyaml.
        .target(
            name: "CKSchemaParsing",
            dependencies: ["CKSchemaCore", "CKSchemaFiles", "CLibYAML"],
            swiftSettings: swiftSettings
        ),
        // Canonical .ckdb and YAML printers.
        .target(name: "CKSchemaPrinting", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Generators: typed Swift models with CKRecord boundary code, docs, JSON Schema, the plugin protocol.
        .target(name: "CKSchemaCodegen", dependencies: ["CKSchemaCore", "CKSchemaPrinting"], swiftSettings: swiftSettings),
        // Opening input files (regular files on disk only, with size limits) and writing output folders all or
        // nothing without following links; the names of temporary files and the cleanup of stale ones.
        .target(name: "CKSchemaFiles", swiftSettings: swiftSettings),
        // Runs child processes (posix_spawn in a new process group, input fed and outputs drained in one poll loop,
        // time and output limits that stop the whole group). The only module that starts processes.
        .target(name: "CKSchemaProcess", swiftSettings: swiftSettings),
        // External generators (`ckschema-gen-NAME` on PATH): their protocol (request and response) and running
        // them with a time limit, through CKSchemaProcess.
        .target(
            name: "CKSchemaExternalGenerators",
            dependencies: ["CKSchemaCore", "CKSchemaCodegen", "CKSchemaProcess", "CKSchemaFiles"],
            swiftSettings: swiftSettings
        ),
        // SwiftData and Core Data models: the interchange form (`DataModel`), the Core Data model reader, the
        // CloudKit schema NSPersistentCloudKitContainer derives from them, and the check-models rules. No
        // swift-syntax: the SwiftData reader lives in CKSchemaCodeAnalysis and hands its result over as JSON.
        .target(name: "CKSchemaModels", dependencies: ["CKSchemaCore", "CKSchemaFiles"], swiftSettings: swiftSettings),
        // `ckschema doctor`'s model of an app (targets, their variants, entitlements, signing scripts), the app
        // rules over it and the summary table. Depends on Core only, so that the catalog does not wait for reading.
        .target(name: "CKSchemaApp", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Reading an app's configuration offline into that model: property lists in every form (XML through the Core
        // Data reader's scanner, binary, the ASCII of project.pbxproj), Xcode projects and .xcconfig files, XcodeGen
        // project.yml (through the YAML composer), codesign in scripts.
        .target(
            name: "CKSchemaAppReader",
            dependencies: ["CKSchemaCore", "CKSchemaApp", "CKSchemaParsing", "CKSchemaModels", "CKSchemaFiles"],
            swiftSettings: swiftSettings
        ),
        // Comparing two schemas into a typed change set.
        .target(name: "CKSchemaDiff", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Lint rules, their registry and the linter; breaking-change rules over a change set.
        .target(name: "CKSchemaRules", dependencies: ["CKSchemaCore", "CKSchemaDiff"], swiftSettings: swiftSettings),
        // Validating record data (Web Services JSON, NDJSON, cktool payloads) against a schema.
        .target(name: "CKSchemaValidation", dependencies: ["CKSchemaCore", "CKSchemaFiles"], swiftSettings: swiftSettings),
        // The words an interrupted deploy's signal handler reads (lock-free C11 atomics): C, so that no module
        // imports Synchronization, which every fresh debug build would rebuild for the index store.
        .target(name: "CSignalSlots"),
        // Deploying: plans, the production gate, the lock, snapshots, and the directory and cktool backends
        // (cktool runs through CKSchemaProcess).
        .target(
            name: "CKSchemaDeploy",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaDiff", "CKSchemaRules", "CKSchemaProcess",
                "CKSchemaFiles", "CSignalSlots",
            ],
            swiftSettings: swiftSettings
        ),
        // Benchmarks of ckschema's engines (`ckschema-bench lint`, `validate`, `codegen`, `deploy`).
        .executableTarget(
            name: "ckschema-bench",
            dependencies: [
                "CKSchemaCore", "CKSchemaValidation", "CKSchemaCodegen", "CKSchemaDeploy", "CKSchemaParsing",
                "CKSchemaPrinting", "CKSchemaRules", "CKSchemaBenchmarkSchemas", "CLibYAML",
            ],
            swiftSettings: swiftSettings
        ),
        // The schemas at CloudKit's limits that the lint benchmark measures and the findings-stability test
        // checks (with injected faults).
        .target(name: "CKSchemaBenchmarkSchemas", dependencies: ["CKSchemaCore"], swiftSettings: swiftSettings),
        // Turning diagnostics into text, JSON, GitHub annotations and SARIF; the rule catalog assembled from
        // every module's entries (lint, breaking, code, record, codegen, model, app, built-in) and its renderer.
        .target(
            name: "CKSchemaReporting",
            dependencies: [
                "CKSchemaCore", "CKSchemaRules", "CKSchemaDiff", "CKSchemaValidation", "CKSchemaCodegen", "CKSchemaModels",
                "CKSchemaApp",
            ],
            swiftSettings: swiftSettings
        ),
        // What a command computes, as values both front ends share: the CLI prints them, the MCP server returns
        // them, so a tool's result is the command's JSON by construction. Projects (configuration, schema
        // sources: environments, files, `git:`, `models:`), reading models (Swift through ckschema-check-code,
        // run with CKSchemaProcess), writing output; for a client, paths confined to the project folder.
        .target(
            name: "CKSchemaService",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaReporting",
                "CKSchemaDiff", "CKSchemaValidation", "CKSchemaDeploy", "CKSchemaCodegen", "CKSchemaModels",
                "CKSchemaFiles", "CKSchemaProcess", "CKSchemaApp", "CKSchemaAppReader",
            ],
            swiftSettings: swiftSettings
        ),
        // `ckschema-mcp` (run as `ckschema mcp`): an MCP server over stdio for coding agents. Its own executable
        // so that `ckschema` builds without the MCP SDK.
        .executableTarget(
            name: "ckschema-mcp",
            dependencies: [
                "CKSchemaCore", "CKSchemaService", "CKSchemaReporting", "CKSchemaProcess", "CKSchemaParsing",
                "CKSchemaPrinting", "CKSchemaRules", "CKSchemaDeploy", "CKSchemaValidation", "CKSchemaCodegen",
                .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["MCP"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["MCP"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The command-line tool. The only module that imports ArgumentParser.
        .executableTarget(
            name: "ckschema",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaReporting", "CKSchemaService",
                "CKSchemaDiff", "CKSchemaValidation", "CKSchemaDeploy",
                "CKSchemaCodegen", "CKSchemaExternalGenerators", "CKSchemaProcess", "CKSchemaFiles", "CKSchemaModels",
                "CKSchemaApp", "CKSchemaAppReader", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Fuzzing: the invariants every input must keep and a deterministic fuzzer (docs/fuzzing.md).
        .target(
            name: "CKSchemaFuzzing",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaValidation"],
            swiftSettings: swiftSettings
        ),
        // `ckschema-fuzz yaml|ckdb|records`: the deterministic fuzzer, or a libFuzzer target when built with
        // `-sanitize=fuzzer -DFUZZING`.
        .executableTarget(
            name: "ckschema-fuzz",
            dependencies: ["CKSchemaCore", "CKSchemaFuzzing"],
            swiftSettings: swiftSettings
        ),
        // Reads an app's Swift code (swift-syntax) into the record types, keys, queries and sorts it uses, for
        // the code rules of CKSchemaRules. The only library that imports swift-syntax.
        .target(
            name: "CKSchemaCodeAnalysis",
            dependencies: [
                "CKSchemaCore", "CKSchemaRules", "CKSchemaModels", "CKSchemaApp",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        // `ckschema-check-code` (run as `ckschema check-code`): the app's Swift code against a schema. Its own
        // executable so that `ckschema` builds without swift-syntax.
        .executableTarget(
            name: "ckschema-check-code",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaRules", "CKSchemaReporting", "CKSchemaCodeAnalysis",
                "CKSchemaModels", "CKSchemaApp", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Generates a target's CloudKit models at build time from its schema files (`.buildCommand`).
        .plugin(name: "CKSchemaBuildPlugin", capability: .buildTool(), dependencies: ["ckschema"]),
        // `swift package generate-cloudkit-models`: writes the models into the package.
        .plugin(
            name: "CKSchemaGeneratePlugin",
            capability: .command(
                intent: .custom(verb: "generate-cloudkit-models",
                                description: "Generate Swift models for CloudKit record types into the package."),
                permissions: [.writeToPackageDirectory(
                    reason: "To write the generated CloudKit models into the target's Generated folder.")]
            ),
            dependencies: ["ckschema"]
        ),
        // `swift package lint-cloudkit-schema`: lints without any permission.
        .plugin(
            name: "CKSchemaLintPlugin",
            capability: .command(intent: .custom(verb: "lint-cloudkit-schema",
                                                 description: "Lint the package's CloudKit schemas.")),
            dependencies: ["ckschema"]
        ),
        // `swift package check-cloudkit-code`: checks the package's Swift targets against the schema.
        .plugin(
            name: "CKSchemaCheckCodePlugin",
            capability: .command(intent: .custom(verb: "check-cloudkit-code",
                                                 description: "Check the package's Swift code against the CloudKit schema.")),
            dependencies: ["ckschema-check-code"]
        ),
        // `swift package check-cloudkit-models`: checks the package's SwiftData / Core Data models for CloudKit
        // (`ckschema check-models`, which hands Swift files to the swift-syntax executable beside it).
        .plugin(
            name: "CKSchemaCheckModelsPlugin",
            capability: .command(intent: .custom(verb: "check-cloudkit-models",
                                                 description: "Check the package's SwiftData and Core Data models for CloudKit.")),
            dependencies: ["ckschema", "ckschema-check-code"]
        ),
        // `swift package cloudkit-doctor`: `ckschema doctor` on the package or Xcode project, its findings shown as
        // issues. `ckschema-check-code` is a dependency so that it is built beside `ckschema`, where doctor looks
        // for it to read the Swift code.
        .plugin(
            name: "CKSchemaDoctorPlugin",
            capability: .command(intent: .custom(verb: "cloudkit-doctor",
                                                 description: "Check the app's entitlements, Info.plist, project and code for CloudKit.")),
            dependencies: ["ckschema", "ckschema-check-code"]
        ),
        // The test kit shared by the test targets: marked text, fixtures, parse helpers, the one snapshot helper,
        // the shared corpus and its skip trait, running programs (through CKSchemaProcess, as ckschema does).
        .target(
            name: "CKSchemaTestSupport",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaProcess"],
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
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaRules", "CKSchemaDiff",
                "CKSchemaBenchmarkSchemas", "CKSchemaTestSupport",
            ],
            // Golden files and the breaking-rule lock, read from the source tree by path.
            exclude: ["__Snapshots__", "Resources"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaReportingTests",
            dependencies: [
                "CKSchemaCore", "CKSchemaRules", "CKSchemaReporting", "CKSchemaDiff", "CKSchemaParsing",
                "CKSchemaValidation", "CKSchemaCodegen", "CKSchemaModels", "CKSchemaApp", "CKSchemaTestSupport",
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ckschemaCLITests",
            dependencies: ["ckschema", "CKSchemaTestSupport", "CKSchemaProcess", "CKSchemaModels", "CKSchemaCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaServiceTests",
            dependencies: ["CKSchemaService", "CKSchemaCore", "CKSchemaReporting", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaFuzzingTests",
            dependencies: ["CKSchemaCore", "CKSchemaFuzzing", "CKSchemaValidation", "CKSchemaTestSupport"],
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
                "CKSchemaFiles",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaPrintingTests",
            dependencies: ["CKSchemaCore", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaProcess", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        // Compiles the golden Swift references and runs record round trips through them. On Linux it builds
        // against the CloudKit / Core Location stand-ins; on Apple platforms against the SDK.
        .testTarget(
            name: "CKSchemaGeneratedCodeTests",
            dependencies: cloudKitStandIns + ["CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaModelsTests",
            dependencies: ["CKSchemaCore", "CKSchemaModels", "CKSchemaParsing", "CKSchemaPrinting", "CKSchemaTestSupport"],
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaAppTests",
            // CKSchemaCodeAnalysis reads the Swift files of the rules' examples, as ckschema-check-code does for doctor.
            dependencies: ["CKSchemaCore", "CKSchemaApp", "CKSchemaAppReader", "CKSchemaCodeAnalysis", "CKSchemaTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaFilesTests",
            dependencies: ["CKSchemaFiles", "CKSchemaProcess", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaProcessTests",
            dependencies: ["CKSchemaProcess", "CKSchemaTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaExternalGeneratorsTests",
            dependencies: ["CKSchemaCore", "CKSchemaCodegen", "CKSchemaExternalGenerators", "CKSchemaProcess"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaCodeAnalysisTests",
            dependencies: [
                "CKSchemaCore", "CKSchemaParsing", "CKSchemaRules", "CKSchemaCodeAnalysis", "CKSchemaModels",
                "CKSchemaApp", "CKSchemaTestSupport",
                // SyntaxTextTests compares the analysis's node text with swift-syntax's own on parsed trees.
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CKSchemaCodegenTests",
            dependencies: [
                "CKSchemaCore", "CKSchemaCodegen", "CKSchemaExternalGenerators", "CKSchemaParsing", "CKSchemaPrinting",
                "CKSchemaProcess", "CKSchemaRules", "CKSchemaTestSupport",
            ],
            exclude: ["ReferenceSources", "QuerySnippets"],
            swiftSettings: swiftSettings
        ),
    ]
)

#if os(Linux)
/// The plugins' sources as shipped, minus each plugin's `@main` (`EntryPoint.swift`) and its link to the shared
/// folder (compiled once, from `Plugins/PluginsShared`), seen from `Tests/CKSchemaPluginTests/Plugins`, a link
/// to `Plugins/`. A plugin added to `Plugins/` is added here too.
let pluginTestExclusions = ["CKSchemaBuildPlugin", "CKSchemaGeneratePlugin", "CKSchemaLintPlugin",
                            "CKSchemaCheckCodePlugin", "CKSchemaCheckModelsPlugin", "CKSchemaDoctorPlugin"]
    .flatMap { ["Plugins/\($0)/EntryPoint.swift", "Plugins/\($0)/PluginsShared"] }

package.targets += [
    // Test-only stand-ins mirroring the published API of `PackagePlugin` and Xcode's `XcodeProjectPlugin`, which
    // exist only inside plugin builds; the plugin tests compile the plugins' sources against them.
    .target(name: "PackagePlugin", path: "Tests/PluginStandIns/PackagePlugin", swiftSettings: swiftSettings),
    .target(name: "XcodeProjectPlugin", dependencies: ["PackagePlugin"], path: "Tests/PluginStandIns/XcodeProjectPlugin",
            swiftSettings: swiftSettings),
    // Every plugin's SwiftPM and Xcode entry points, called with one fake app seen as a package and as a project.
    .testTarget(
        name: "CKSchemaPluginTests",
        dependencies: ["PackagePlugin", "XcodeProjectPlugin", "CKSchemaTestSupport"],
        exclude: pluginTestExclusions,
        swiftSettings: swiftSettings
    ),
    // Test-only stand-ins mirroring Apple's published CloudKit / Core Location signatures. Never a product;
    // only test targets depend on them.
    .target(name: "CoreLocation", path: "Tests/Stand-ins/CoreLocation", swiftSettings: swiftSettings),
    .target(name: "CloudKit", dependencies: ["CoreLocation"], path: "Tests/Stand-ins/CloudKit",
            swiftSettings: swiftSettings),
]
#endif
