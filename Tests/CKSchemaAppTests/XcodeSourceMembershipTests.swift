import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// Which Swift files each target of an Xcode project compiles: a Sources phase's files through nested groups,
/// platform filters, Xcode 16 synchronized folders and their exception sets, dependencies on other targets.
@Suite struct XcodeSourceMembershipTests {
    /// The project lives in `Mac/`: its paths start there. `App` is a folder group, `Shared` a name-only group (a
    /// label: its files sit in the project folder), `Gen.swift` is relative to the project folder whatever its
    /// group, `Derived.swift` a build product.
    static let groups = """
        // !$*UTF8*$!
        {
            objects = {
                G0 = { isa = PBXGroup; children = (G1, G2, F3, F5, V1); sourceTree = "<group>"; };
                G1 = { isa = PBXGroup; children = (F1, G3); path = App; sourceTree = "<group>"; };
                G3 = { isa = PBXGroup; children = (F2); path = Sync; sourceTree = "<group>"; };
                G2 = { isa = PBXGroup; children = (F4); name = Shared; sourceTree = "<group>"; };
                F1 = { isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
                F2 = { isa = PBXFileReference; path = SyncEngine.swift; sourceTree = "<group>"; };
                F3 = { isa = PBXFileReference; path = Tools/Gen.swift; sourceTree = SOURCE_ROOT; };
                F4 = { isa = PBXFileReference; path = Model.swift; sourceTree = "<group>"; };
                F5 = { isa = PBXFileReference; path = Derived.swift; sourceTree = BUILT_PRODUCTS_DIR; };
                F6 = { isa = PBXFileReference; path = Kit.swift; sourceTree = "<group>"; };
                V1 = { isa = PBXVariantGroup; children = (F7); name = Intents.intentdefinition; sourceTree = "<group>"; };
                F7 = { isa = PBXFileReference; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
                P2 = { isa = PBXFileReference; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
                B1 = { isa = PBXBuildFile; fileRef = F1; };
                B2 = { isa = PBXBuildFile; fileRef = F2; platformFilter = ios; };
                B3 = { isa = PBXBuildFile; fileRef = F3; platformFilters = (macos, maccatalyst, ); };
                B4 = { isa = PBXBuildFile; fileRef = F5; };
                B5 = { isa = PBXBuildFile; fileRef = F4; };
                B6 = { isa = PBXBuildFile; fileRef = P2; };
                B7 = { isa = PBXBuildFile; fileRef = F6; };
                B8 = { isa = PBXBuildFile; fileRef = V1; };
                S1 = { isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4, B5, B8); };
                W1 = { isa = PBXFrameworksBuildPhase; files = (B6); };
                S2 = { isa = PBXSourcesBuildPhase; files = (B7); };
                D1 = { isa = PBXTargetDependency; targetProxy = X1; };
                X1 = { isa = PBXContainerItemProxy; containerPortal = P0; proxyType = 1; remoteGlobalIDString = T3; };
                P0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2, T3); };
                T1 = { isa = PBXNativeTarget; buildPhases = (S1, W1); dependencies = (D1); name = Journal; productType = "com.apple.product-type.application"; };
                T2 = { isa = PBXNativeTarget; buildPhases = (S2); name = Kit; productReference = P2; productType = "com.apple.product-type.framework"; };
                T3 = { isa = PBXNativeTarget; buildPhases = (); name = Widget; productType = "com.apple.product-type.app-extension"; };
            };
            rootObject = P0;
        }
        """

    static func targets(_ project: String, at path: String = "Mac/Journal.xcodeproj/project.pbxproj") -> [String: AppTarget] {
        let read = AppProjectReader.read(InMemoryAppFiles([(path, project)]))
        return Dictionary(read.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func sourcesPhaseThroughGroups() throws {
        let sources = try #require(Self.targets(Self.groups)["Journal"]?.sources)
        #expect(sources.files == ["Mac/App/App.swift", "Mac/App/Sync/SyncEngine.swift", "Mac/Tools/Gen.swift",
                                  "Mac/Model.swift", "Mac/Base.lproj/Intents.intentdefinition"],
                "folder groups add to the path, a name-only group does not, SOURCE_ROOT is the project folder, a build product is no source")
        #expect(sources.folders.isEmpty)
        #expect(sources.platformFilters == ["Mac/App/Sync/SyncEngine.swift": [.iOS], "Mac/Tools/Gen.swift": [.macOS, .iOS]])
        #expect(sources.compiles("Mac/App/Sync/SyncEngine.swift", on: .iOS))
        #expect(!sources.compiles("Mac/App/Sync/SyncEngine.swift", on: .macOS), "filtered to iOS")
        #expect(sources.compiles("Mac/App/App.swift", on: .macOS))
        #expect(!sources.compiles("Mac/Kit.swift"), "the framework's file is its own")
        #expect(sources.dependencies == ["Kit", "Widget"], "a linked framework target, and a dependency through its proxy")
        #expect(Self.targets(Self.groups)["Kit"]?.sources?.files == ["Mac/Kit.swift"])
        #expect(Self.targets(Self.groups)["Widget"]?.sources == TargetSources(), "no build phase compiles nothing")
    }

    /// Two synchronized folders: `App` is the app's, which leaves out its Info.plist and the extension's handler,
    /// compiles `Menu.swift` on macOS only and moves a script into its resources; the extension has only `Shared`
    /// and takes the handler from `App` through its own exception set.
    static let synchronized = """
        // !$*UTF8*$!
        {
            objects = {
                G0 = { isa = PBXGroup; children = (SG1, SG2); sourceTree = "<group>"; };
                SG1 = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, E3); path = App; sourceTree = "<group>"; };
                SG2 = { isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                E1 = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Extension/Handler.swift, ); platformFiltersByRelativePath = { Mac/Menu.swift = (macos, ); }; target = T1; };
                E2 = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Extension/Handler.swift, ); target = T2; };
                E3 = { isa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet; buildPhase = R1; membershipExceptions = (Scripts/Tool.swift, ); };
                R1 = { isa = PBXResourcesBuildPhase; files = (); };
                S1 = { isa = PBXSourcesBuildPhase; files = (); };
                S2 = { isa = PBXSourcesBuildPhase; files = (); };
                P0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
                T1 = { isa = PBXNativeTarget; buildPhases = (S1, R1); fileSystemSynchronizedGroups = (SG1, SG2, ); name = Journal; };
                T2 = { isa = PBXNativeTarget; buildPhases = (S2); fileSystemSynchronizedGroups = (SG2); name = Extension; };
            };
            rootObject = P0;
        }
        """

    @Test func synchronizedFoldersAndTheirExceptions() throws {
        let targets = Self.targets(Self.synchronized, at: "Journal.xcodeproj/project.pbxproj")
        let app = try #require(targets["Journal"]?.sources)
        #expect(app.folders == ["App", "Shared"])
        #expect(app.compiles("App/Views/Main.swift") && app.compiles("Shared/Model.swift"))
        #expect(!app.compiles("App/Extension/Handler.swift"), "an exception set of a target that has the folder leaves the file out")
        #expect(!app.compiles("App/Scripts/Tool.swift"), "moved to the resources phase")
        #expect(app.compiles("App/Mac/Menu.swift", on: .macOS) && !app.compiles("App/Mac/Menu.swift", on: .iOS))
        let extensionSources = try #require(targets["Extension"]?.sources)
        #expect(extensionSources.compiles("App/Extension/Handler.swift"),
                "an exception set of a target without the folder names the files it compiles from it")
        #expect(!extensionSources.compiles("App/Views/Main.swift") && extensionSources.compiles("Shared/Model.swift"))
    }

    /// What the rules get: each target's part of the code facts, with a local package's code (no target's
    /// sources name it) judged with every target.
    @Test func eachTargetJudgesTheCodeItCompiles() throws {
        var project = AppProjectReader.read(InMemoryAppFiles([("Journal.xcodeproj/project.pbxproj", Self.synchronized)]))
        func container(_ id: String, _ file: String) -> NamedContainer {
            NamedContainer(identifier: id, use: .ckContainer, location: SourceLocation(file: file, line: 1, column: 1))
        }
        project.code = AppCodeFacts(files: 4, containers: [
            container("iCloud.app", "App/Views/Main.swift"), container("iCloud.extension", "App/Extension/Handler.swift"),
            container("iCloud.mac", "App/Mac/Menu.swift"), container("iCloud.package", "Packages/Core/Sources/Core/Sync.swift"),
        ])
        let app = try #require(project.targets.first { $0.name == "Journal" })
        let appExtension = try #require(project.targets.first { $0.name == "Extension" })
        #expect(project.code(of: app, on: .macOS)?.containers.map(\.identifier) == ["iCloud.app", "iCloud.mac", "iCloud.package"])
        #expect(project.code(of: app, on: .iOS)?.containers.map(\.identifier) == ["iCloud.app", "iCloud.package"])
        #expect(project.code(of: appExtension)?.containers.map(\.identifier) == ["iCloud.extension", "iCloud.package"])
    }

    @Test func aShapeNotUnderstoodLeavesTheSourcesUnknown() {
        let project = Self.synchronized.replacing("fileSystemSynchronizedGroups = (SG2);",
                                                   with: "fileSystemSynchronizedGroups = (SG9);")
        let targets = Self.targets(project, at: "Journal.xcodeproj/project.pbxproj")
        #expect(targets["Extension"]?.sources == nil, "a synchronized folder that is not there: membership unknown")
        #expect(targets["Journal"]?.sources != nil)
    }
}

/// XcodeGen `sources` and `dependencies`.
@Suite struct XcodeGenSourcesTests {
    @Test func foldersFilesExcludesAndDependencies() throws {
        let files = InMemoryAppFiles([
            ("ios/project.yml", """
                name: Journal
                targets:
                  Journal:
                    type: application
                    platform: iOS
                    sources:
                      - path: App
                        excludes: ["**/*.md", "Mac", "*Preview.swift"]
                      - ../Shared/Model.swift
                      - path: Resources
                        buildPhase: resources
                      - path: Web
                        type: folder
                    dependencies:
                      - target: Kit
                      - package: Collections
                      - target: Other/Remote
                  Kit:
                    type: framework
                    platform: iOS
                    sources: Kit
                  Odd:
                    type: application
                    platform: iOS
                    sources:
                      path: Odd
                  Elsewhere:
                    type: application
                    platform: iOS
                    sources:
                      - path: Sources/Elsewhere
                  Optional:
                    type: application
                    platform: iOS
                    sources:
                      - Kit
                      - path: Generated
                        optional: true
                """),
            ("ios/App/Main.swift", ""), ("ios/App/Mac/MacOnly.swift", ""), ("ios/App/Docs/README.md", ""),
            ("ios/App/RootPreview.swift", ""), ("ios/App/Views/ListPreview.swift", ""), ("ios/App/Views/List.swift", ""),
            ("Shared/Model.swift", ""), ("Shared/Other.swift", ""), ("ios/Resources/Gen.swift", ""),
            ("ios/Web/Page.swift", ""), ("ios/Kit/Kit.swift", ""),
        ])
        let targets = Dictionary(AppProjectReader.read(files).targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let app = try #require(targets["Journal"]?.sources)
        #expect(app.folders == ["ios/App"] && app.files == ["Shared/Model.swift"])
        #expect(app.compiles("ios/App/Main.swift") && app.compiles("ios/App/Views/List.swift"))
        #expect(!app.compiles("ios/App/Mac/MacOnly.swift"), "an excluded folder name")
        #expect(!app.compiles("ios/App/RootPreview.swift") && !app.compiles("ios/App/Docs/README.md"), "globs")
        #expect(app.compiles("ios/App/Views/ListPreview.swift"), "a pattern is anchored to its folder, as XcodeGen globs it")
        #expect(!app.compiles("Shared/Other.swift"), "a file source is that one file")
        #expect(!app.compiles("ios/Resources/Gen.swift") && !app.compiles("ios/Web/Page.swift"),
                "resources and folder references are not compiled")
        #expect(app.dependencies == ["Kit"], "packages and other projects' targets are not this project's targets")
        #expect(targets["Kit"]?.sources?.compiles("ios/Kit/Kit.swift") == true)
        #expect(targets["Odd"]?.sources == nil, "a `sources` written as a mapping is not understood")
        #expect(targets["Elsewhere"]?.sources == nil,
                "a source that is not there: the paths start elsewhere (`--project-root`), membership unknown")
        #expect(targets["Optional"]?.sources?.folders == ["ios/Kit"], "an optional source may be missing")
    }

    @Test func aSpecGeneratedWithAnotherProjectRootResolvesFromTheFolderWhereEverySourceIs() throws {
        // lorvex: `xcodegen --spec Config/XcodeGen/project.yml --project-root .` — no source exists from the
        // spec's folder; from the root every one does.
        let spec = """
            name: Journal
            targets:
              Journal:
                type: application
                platform: iOS
                sources:
                  - Sources/App
                  - path: ../../Generated
                    optional: true
              Kit:
                type: framework
                platform: iOS
                sources: [Sources/Kit]
            """
        let files = InMemoryAppFiles([("Config/XcodeGen/project.yml", spec), ("Sources/App/Main.swift", ""),
                                      ("Sources/Kit/Kit.swift", "")])
        let targets = Dictionary(AppProjectReader.read(files).targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(targets["Journal"]?.sources?.folders == ["Sources/App"])
        #expect(targets["Kit"]?.sources?.compiles("Sources/Kit/Kit.swift") == true)

        let missing = InMemoryAppFiles([("Config/XcodeGen/project.yml", spec), ("Sources/App/Main.swift", "")])
        let unknown = AppProjectReader.read(missing).targets
        #expect(unknown.allSatisfy { $0.sources == nil }, "no folder holds every source: membership stays unknown")
    }
}

/// XcodeGen's exclude patterns, anchored to their folder; a matched folder holds its files.
@Suite struct ExcludedGlobTests {
    @Test func anchoredPatternsAndFolders() {
        let sources = TargetSources(folders: ["", "App"], excludedGlobs: [PathGlob("Tests", anchored: true),
                                                                     PathGlob("App/**/*.md", anchored: true)])
        #expect(!sources.compiles("Tests/A.swift") && sources.compiles("App/Tests/A.swift"),
                "an anchored pattern without `/` is not any folder's name")
        #expect(!sources.compiles("App/a/b/c.md") && !sources.compiles("App/c.md") && sources.compiles("App/c.swift"))
        #expect(sources.compiles("TestsMore/A.swift"))
    }
}
