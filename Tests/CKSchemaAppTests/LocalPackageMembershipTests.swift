import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// A local Swift package's code goes to the targets that link its products, read from the project
/// (`XCLocalSwiftPackageReference`, product dependencies without a package, XcodeGen `packages`) and the
/// package's `Package.swift` as text; a manifest not understood leaves the package's code to every target.
@Suite struct LocalPackageMembershipTests {
    /// `Journal` (iOS) links `CoreKit`, `JournalMac` links `MacKit` and a remote product; `Widget` links nothing.
    /// The package is `Packages/Core`, from the project folder `App/`.
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
                L1 = { isa = XCLocalSwiftPackageReference; relativePath = ../Packages/Core; };
                R1 = { isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/example/remote"; };
                PD1 = { isa = XCSwiftPackageProductDependency; package = L1; productName = CoreKit; };
                PD2 = { isa = XCSwiftPackageProductDependency; package = L1; productName = MacKit; };
                PD3 = { isa = XCSwiftPackageProductDependency; package = R1; productName = Remote; };
                P0 = { isa = PBXProject; mainGroup = G0; packageReferences = (L1, R1); targets = (T1, T2, T3); };
                T1 = { isa = PBXNativeTarget; buildPhases = (); name = Journal; packageProductDependencies = (PD1); };
                T2 = { isa = PBXNativeTarget; buildPhases = (); name = JournalMac; packageProductDependencies = (PD2, PD3); };
                T3 = { isa = PBXNativeTarget; buildPhases = (); name = Widget; };
            };
            rootObject = P0;
        }
        """

    /// Two libraries: `MacKit`'s target uses `Core` by name and the `Util` product of a local package beside it.
    /// The commented-out target and the test target are not anyone's code.
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Core",
            products: [
                .library(name: "CoreKit", targets: ["Core"]),
                .library(name: "MacKit", type: .dynamic, targets: ["MacSupport"]),
            ],
            dependencies: [
                .package(path: "../Util"),
                .package(url: "https://github.com/example/remote", from: "1.0.0"),
            ],
            targets: [
                // .target(name: "Old", path: "Sources/Old"),
                .target(name: "Core", dependencies: [.product(name: "Remote", package: "remote")],
                        path: "Sources/CoreCode", exclude: ["Legacy", "Notes.md"]),
                .target(
                    name: "MacSupport",
                    dependencies: ["Core", .product(name: "Util", package: "Util", condition: .when(platforms: [.macOS]))],
                    swiftSettings: [.define("MAC")]
                ),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """

    static let util = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Util", products: [.library(name: "Util", targets: ["Util"])],
                              targets: [.target(name: "Util")])
        """

    static func read(_ files: [(String, String)]) -> AppProject {
        AppProjectReader.read(InMemoryAppFiles(files.map { (path: $0.0, text: $0.1) }))
    }

    static func targets(_ project: AppProject) -> [String: TargetSources] {
        Dictionary(project.targets.compactMap { target in target.sources.map { (target.name, $0) } },
                   uniquingKeysWith: { first, _ in first })
    }

    static let packageFiles = [
        ("Packages/Core/Sources/CoreCode/Store.swift", ""), ("Packages/Core/Sources/CoreCode/Legacy/Old.swift", ""),
        ("Packages/Core/Sources/MacSupport/Menu.swift", ""), ("Packages/Core/Tests/CoreTests/StoreTests.swift", ""),
        ("Packages/Util/Package.swift", util), ("Packages/Util/Sources/Util/Util.swift", ""),
    ]

    @Test func eachTargetGetsTheProductsItLinks() throws {
        let project = Self.read([("App/Journal.xcodeproj/project.pbxproj", Self.project),
                                 ("Packages/Core/Package.swift", Self.manifest)] + Self.packageFiles)
        let targets = Self.targets(project)
        let app = try #require(targets["Journal"])
        #expect(app.packageFolders == ["Packages/Core/Sources/CoreCode"], "`path:` is the target's folder")
        #expect(app.compiles("Packages/Core/Sources/CoreCode/Store.swift"))
        #expect(!app.compiles("Packages/Core/Sources/CoreCode/Legacy/Old.swift"), "`exclude:` leaves the folder out")
        #expect(!app.compiles("Packages/Core/Sources/MacSupport/Menu.swift"), "another product's target")
        let mac = try #require(targets["JournalMac"])
        #expect(Set(mac.packageFolders) == ["Packages/Core/Sources/MacSupport", "Packages/Core/Sources/CoreCode",
                                            "Packages/Util/Sources/Util"],
                "the product's target, the in-package target it names, and a local package's product, by default folders")
        #expect(targets["Widget"]?.packageFolders == [])
        #expect(!app.compiles("Packages/Core/Tests/CoreTests/StoreTests.swift") && !mac.compiles("Packages/Core/Tests/CoreTests/StoreTests.swift"))
        #expect(project.isAttributed("Packages/Core/Tests/CoreTests/StoreTests.swift"),
                "a package's test target is no app target's code, not code that may be any target's")
        #expect(project.isAttributed("Packages/Util/Sources/Util/Util.swift"))
    }

    @Test func aComputedTargetListLeavesThePackageUnattributed() throws {
        let computed = Self.manifest.replacing("targets: [\n        // .target", with: "targets: extraTargets + [\n        // .target")
        let appended = Self.manifest + "\npackage.targets.append(.target(name: \"Extra\"))\n"
        let conditional = Self.manifest.replacing("products: [", with: "products: [\n#if os(macOS)\n#endif")
        for manifest in [computed, appended, conditional] {
            let project = Self.read([("App/Journal.xcodeproj/project.pbxproj", Self.project),
                                     ("Packages/Core/Package.swift", manifest)] + Self.packageFiles)
            let targets = Self.targets(project)
            #expect(!project.isAttributed("Packages/Core/Sources/CoreCode/Store.swift"), "judged with every target")
            #expect(!project.isAttributed("Packages/Core/Tests/CoreTests/StoreTests.swift"), "which targets are tests is not known")
            #expect(targets["Journal"]?.packageFolders == ["Packages/Util"] && targets["JournalMac"]?.packageFolders == ["Packages/Util"],
                    "which code of the package it depends on they compile is not known: they get it whole")
            #expect(targets["Widget"]?.compiles("Packages/Util/Sources/Util/Util.swift") == false)
        }
    }

    @Test func aProductNotResolvedLeavesTheWholePackageUnattributed() throws {
        let project = Self.read([("App/Journal.xcodeproj/project.pbxproj",
                                  Self.project.replacing("productName = MacKit", with: "productName = MacKitPro")),
                                 ("Packages/Core/Package.swift", Self.manifest)] + Self.packageFiles)
        #expect(Self.targets(project)["Journal"]?.packageFolders == [],
                "giving CoreKit to Journal alone would take it from the target linking the unknown product")
        #expect(!project.isAttributed("Packages/Core/Sources/CoreCode/Store.swift"))
    }

    /// `Widget` links a package whose manifest builds its dependency list in a variable: that package's code
    /// is every target's, and which of `Core` it compiles is not known, so it gets `Core` whole.
    @Test func aPackageNotUnderstoodGivesItsLinkersTheLocalPackagesItUses() throws {
        let deps = """
            var dependencies: [Package.Dependency] = [.package(path: "../Core")]
            let package = Package(name: "Deps", products: [.library(name: "Deps", targets: ["Deps"])],
                                  dependencies: dependencies,
                                  targets: [.target(name: "Deps", dependencies: [.product(name: "CoreKit", package: "Core")])])
            """
        let project = Self.read([("App/Journal.xcodeproj/project.pbxproj", Self.project.replacing(
                                     "T3 = { isa = PBXNativeTarget; buildPhases = (); name = Widget; };",
                                     with: "PD4 = { isa = XCSwiftPackageProductDependency; productName = Deps; };\n"
                                         + "T3 = { isa = PBXNativeTarget; buildPhases = (); name = Widget; packageProductDependencies = (PD4); };")),
                                 ("Packages/Core/Package.swift", Self.manifest), ("Packages/Deps/Package.swift", deps),
                                 ("Packages/Deps/Sources/Deps/Deps.swift", "")] + Self.packageFiles)
        let targets = Self.targets(project)
        let widget = try #require(targets["Widget"])
        #expect(widget.packageFolders.contains("Packages/Core") && widget.compiles("Packages/Core/Sources/MacSupport/Menu.swift"))
        #expect(widget.compiles("Packages/Util/Sources/Util/Util.swift"), "and the packages that one depends on")
        #expect(!project.isAttributed("Packages/Deps/Sources/Deps/Deps.swift"))
        #expect(targets["Journal"]?.packageFolders == ["Packages/Core/Sources/CoreCode"], "Core is still attributed")
    }

    /// A product named alone is looked for among the tree's packages; the manifest is read as text, its
    /// comments and strings skipped.
    @Test func manifestLiteralsAreReadWithoutRunningIt() throws {
        let manifest = """
            let package = Package(
                name: "Odd", /* a "comment) with" .target(name: "Ghost") */
                products: [.library(name: "Odd", targets: ["Odd"]), .plugin(name: "Gen", targets: ["Gen"])],
                targets: [
                    .target(name: "Odd", dependencies: [.target(name: "Helper"), .byName(name: "Base")], sources: ["A.swift", "Sync"]),
                    .target(name: "Helper", path: "Lib/Helper"),
                    .target(name: "Base", path: "Base", exclude: ["Old.swift"]),
                    .plugin(name: "Gen", capability: .buildTool()),
                ]
            )
            for target in package.targets where target.type == .regular { target.swiftSettings = [] }
            """
        func sources(_ manifest: String, linking product: String = "Odd") -> TargetSources? {
            Self.targets(Self.read([("Journal.xcodeproj/project.pbxproj",
                                     Self.project.replacing("package = L1; productName = CoreKit", with: "productName = \(product)")),
                                    ("Packages/Odd/Package.swift", manifest)]))["Journal"]
        }
        let odd = try #require(sources(manifest))
        #expect(Set(odd.packageFolders) == ["Packages/Odd/Sources/Odd/A.swift", "Packages/Odd/Sources/Odd/Sync",
                                            "Packages/Odd/Lib/Helper", "Packages/Odd/Base"])
        #expect(odd.compiles("Packages/Odd/Sources/Odd/A.swift") && !odd.compiles("Packages/Odd/Sources/Odd/B.swift"),
                "`sources:` names what the target compiles in its folder")
        #expect(!odd.compiles("Packages/Odd/Base/Old.swift"))
        #expect(sources(manifest.replacing("path: \"Lib/Helper\"", with: "path: \"Lib/\\(name)\""))?.packageFolders == [],
                "an interpolated path is not a literal")
        #expect(sources(manifest.replacing("for target in package.targets where target.type == .regular { target.swiftSettings = [] }",
                                           with: "for target in package.targets { target.path = \"X\" }"))?.packageFolders == [],
                "code after the call that moves a target")
        #expect(sources(manifest, linking: "Gen")?.packageFolders == [], "a plugin is no code the app compiles")
        #expect(sources(String(manifest.prefix(120)))?.packageFolders == [], "a truncated manifest")
        let deep = "let package = Package(name: \"Odd\", products: [.library(name: \"Odd\", targets: [\"Odd\"])], targets: "
            + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + ")"
        #expect(sources(deep)?.packageFolders == [], "nesting no manifest needs is not understood, and no crash")
    }

    /// A workspace adds the package; the projects name the product alone (AngelLive's shape). The Mac app is
    /// not entitled to the container the package opens, the widget compiles none of it.
    @Test func theMacTargetIsJudgedWithThePackageItLinks() throws {
        let ios = Self.project.replacing("package = L1; productName = CoreKit", with: "productName = CoreKit")
        var project = Self.read([("App/Journal.xcodeproj/project.pbxproj", ios),
                                 ("Mac/JournalMac.xcodeproj/project.pbxproj", """
                                    {
                                        objects = {
                                            G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
                                            PD1 = { isa = XCSwiftPackageProductDependency; productName = CoreKit; };
                                            P0 = { isa = PBXProject; mainGroup = G0; targets = (T1); };
                                            T1 = { isa = PBXNativeTarget; buildPhases = (); name = Mac; packageProductDependencies = (PD1); };
                                        };
                                        rootObject = P0;
                                    }
                                    """),
                                 ("Packages/Core/Package.swift", Self.manifest)] + Self.packageFiles)
        project.code = AppCodeFacts(files: 2, containers: [
            NamedContainer(identifier: "iCloud.journal", use: .ckContainer,
                           location: SourceLocation(file: "Packages/Core/Sources/CoreCode/Store.swift", line: 3, column: 1)),
            NamedContainer(identifier: "iCloud.tests", use: .ckContainer,
                           location: SourceLocation(file: "Packages/Core/Tests/CoreTests/StoreTests.swift", line: 3, column: 1)),
        ])
        let mac = try #require(project.targets.first { $0.name == "Mac" })
        let widget = try #require(project.targets.first { $0.name == "Widget" })
        #expect(project.code(of: mac, on: .macOS)?.containers.map(\.identifier) == ["iCloud.journal"],
                "the package's library, not its tests")
        #expect(project.code(of: widget)?.containers.map(\.identifier) == [], "the package's library is the linking targets' only")
    }

    @Test func xcodeGenPackages() throws {
        let project = Self.read([("ios/project.yml", """
            name: Journal
            packages:
              Core:
                path: ../Packages/Core
              Remote:
                url: https://github.com/example/remote
            targets:
              Journal:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - package: Core
                    product: CoreKit
                  - package: Remote
              JournalMac:
                type: application
                platform: macOS
                sources: [Mac]
                dependencies:
                  - package: Core
                    products: [MacKit]
            """), ("ios/App/Main.swift", ""), ("ios/Mac/Main.swift", ""),
            ("Packages/Core/Package.swift", Self.manifest)] + Self.packageFiles)
        let targets = Self.targets(project)
        #expect(targets["Journal"]?.packageFolders == ["Packages/Core/Sources/CoreCode"])
        #expect(targets["JournalMac"]?.compiles("Packages/Util/Sources/Util/Util.swift") == true)
        #expect(targets["Journal"]?.compiles("Packages/Util/Sources/Util/Util.swift") == false)
    }
}
