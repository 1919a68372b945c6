import Foundation
import Testing

/// The shared plans from plain inputs, as both entry points call them: what neither fake world covers.
@Suite struct PlanTests {
    @Test func aModelBundleCountsOnceWhateverXcodeListsAndAStandaloneModelCountsToo() throws {
        let target = PluginTarget(name: "App", files: [
            URL(fileURLWithPath: "/p/App/Store.xcdatamodeld/Store.xcdatamodel/contents"),
            URL(fileURLWithPath: "/p/App/Store.xcdatamodeld/Store 2.xcdatamodel/contents"),
            URL(fileURLWithPath: "/p/App/Store.xcdatamodeld/.xccurrentversion"),
            URL(fileURLWithPath: "/p/Legacy/Old.xcdatamodel/contents"),
            URL(fileURLWithPath: "/p/App/Item.swift"),
        ])
        let run = try CheckPlans.checkModels(targets: [target], names: [], passThrough: [],
                                             root: URL(fileURLWithPath: "/p"))
        #expect(run.arguments == ["check-models", "/p/App/Item.swift", "/p/App/Store.xcdatamodeld",
                                  "/p/Legacy/Old.xcdatamodel"])
    }

    @Test func targetOptionsAreTakenOutButNotAfterADoubleDash() {
        let (names, rest) = splitTargetArguments(["--target", "App", "--strict", "--target=Widget", "--",
                                                  "--target", "x"])
        #expect(names == ["App", "Widget"])
        #expect(rest == ["--strict", "--target", "x"])
    }

    @Test func twoConfigurationsInOneTargetAreAnError() {
        #expect(throws: PluginError.severalConfigurations(target: "App")) {
            try SchemaFiles(files: [URL(fileURLWithPath: "/p/a/ckschema.yaml"), URL(fileURLWithPath: "/p/b/ckschema.yml"),
                                    URL(fileURLWithPath: "/p/a/N.ckschema.yaml")], target: "App")
        }
    }
}
