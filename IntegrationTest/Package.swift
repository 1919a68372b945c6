// swift-tools-version:6.1
import Foundation
import PackageDescription

// Builds targets with ckschema's build plugin, as a user package would: the models are generated at build
// time from the schema files in each target's sources (`JournalModels`: the project's example schema as
// `.ckschema.yaml` symlinks; `ShopModels`: a `.ckdb` file and a `ckschema.yaml` asking for public models),
// compiled in Swift 6 mode with the same upcoming features as ckschema itself, and used by the tests.

/// A path dependency's identity is the name of its folder, so it is read from where this file lives rather
/// than assumed (the repository may be checked out under any name).
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "IntegrationTest",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "JournalModels",
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "CKSchemaBuildPlugin", package: rootIdentity)]
        ),
        .testTarget(
            name: "JournalModelsTests",
            dependencies: ["JournalModels"],
            swiftSettings: swiftSettings
        ),
        // A .ckdb schema, with generator options from the target's own ckschema.yaml (public access).
        .target(
            name: "ShopModels",
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "CKSchemaBuildPlugin", package: rootIdentity)]
        ),
        .testTarget(
            name: "ShopModelsTests",
            dependencies: ["ShopModels"],
            swiftSettings: swiftSettings
        ),
    ]
)
