import CKSchemaCore
import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// `Project.load(configPath:nearest:)`, how doctor finds the configuration of the folder it judges: the folder's
/// own `ckschema.yaml`, else the nearest above it up to the repository's root, else none; `--config` first.
@Suite struct NearestConfigTests {
    @Test func theNearestConfigurationUpToTheRepositoryRoot() throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.path
        try directory.write("doctor:\n  disable: [app_push_entitlement_missing]\n", to: "repo/ckschema.yaml")
        try directory.write("", to: "repo/.git/HEAD")
        try directory.write("doctor:\n  disable: [app_background_mode_missing]\n", to: "repo/Apps/Mac/ckschema.yml")
        try directory.write("", to: "repo/Apps/Phone/Sources/main.swift")
        try directory.write("doctor:\n  disable: [app_sharing_not_supported]\n", to: "ckschema.yaml")
        try directory.write("", to: "elsewhere/.git/HEAD")

        let phone = try Project.load(configPath: nil, nearest: root + "/repo/Apps/Phone/Sources")
        #expect(phone.configuration.doctor.disabled == ["app_push_entitlement_missing"], "found above, at the repository's root")
        let mac = try Project.load(configPath: nil, nearest: root + "/repo/Apps/Mac")
        #expect(mac.configuration.doctor.disabled == ["app_background_mode_missing"], "the folder's own first")
        let none = try Project.load(configPath: nil, nearest: root + "/elsewhere")
        #expect(none.configFile == nil && none.configuration.doctor.disabled.isEmpty, "not above the repository's root")
        let given = try Project.load(configPath: root + "/ckschema.yaml", nearest: root + "/repo/Apps/Mac")
        #expect(given.configuration.doctor.disabled == ["app_sharing_not_supported"], "--config wins")
    }

    @Test func anInvalidNearestConfigurationStopsTheRun() throws {
        let directory = try TemporaryDirectory()
        try directory.write("doctor:\n  disable: [app_push_entitlment_missing]\n", to: "App/ckschema.yaml")
        #expect(throws: ServiceError.self) {
            try Project.load(configPath: nil, nearest: directory.url.appendingPathComponent("App").path)
        }
    }
}
