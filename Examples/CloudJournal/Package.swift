// swift-tools-version:6.1
import Foundation
import PackageDescription

// A small CloudJournal app (Apple platforms: it imports CloudKit) whose Swift code ckschema checks against
// the repository's example schema: `swift package check-cloudkit-code --against development` finds nothing,
// against production (the default) exactly what is not deployed yet. The command plugin builds
// ckschema-check-code from the repository and runs it on the app's sources; it does not compile the app,
// so it works on Linux too.

/// A path dependency's identity is its folder's name, read from where this file lives.
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CloudJournal",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(name: "CloudJournal"),
    ]
)
