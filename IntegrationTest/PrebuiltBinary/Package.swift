// swift-tools-version:6.1
import PackageDescription

// The IntegrationTest variant that uses a prebuilt ckschema: the artifact bundle that
// `scripts/make-artifactbundle.sh --output IntegrationTest/PrebuiltBinary` writes beside this file is a binary
// target, and the build plugin (ckschema's own plugin source, through a symlink) runs it, so no ckschema source
// is compiled. The models and tests are IntegrationTest's JournalModels (symlinks). This is the shape of a
// package that vends ckschema's plugins with a prebuilt tool (docs/install.md); a published one would use
// `.binaryTarget(name: "ckschema", url: …, checksum: …)` with the zip and checksum the script prints.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "PrebuiltBinary",
    platforms: [.macOS(.v13)],
    targets: [
        .binaryTarget(name: "ckschema", path: "ckschema.artifactbundle"),
        .plugin(
            name: "CKSchemaBuildPlugin",
            capability: .buildTool(),
            dependencies: ["ckschema"],
            path: "Plugins/CKSchemaBuildPlugin"
        ),
        .target(
            name: "JournalModels",
            swiftSettings: swiftSettings,
            plugins: ["CKSchemaBuildPlugin"]
        ),
        .testTarget(
            name: "JournalModelsTests",
            dependencies: ["JournalModels"],
            swiftSettings: swiftSettings
        ),
    ]
)
