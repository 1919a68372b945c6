import CKSchemaCore
import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// What an MCP client names as a schema source — an environment, a path, `git:REVISION:PATH`, `models:PATH,…` —
/// and every path a call would write stay inside the project; writes need the server's permission.
@Suite(.timeLimit(.minutes(1))) struct ServiceProjectTests {
    let directory: TemporaryDirectory
    let root: String

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("recordTypes: {}\n", to: "project/schemas/A.yaml")
        root = directory.url.appendingPathComponent("project").path
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: directory.url.path)
    }

    private func project(allowsWrites: Bool = false) throws -> ServiceProject {
        ServiceProject(folder: try #require(ProjectFolder(root)),
                       project: Project(configuration: ProjectConfiguration(), configFile: nil, diagnostics: []),
                       allowsWrites: allowsWrites)
    }

    @Test func sourcesInsideAreSpelledAsTheProjectTakesThem() throws {
        let project = try project()
        #expect(try project.confined("production") == "production")
        #expect(try project.confined("schemas") == "schemas")
        #expect(try project.confined(root + "/schemas/A.yaml") == "schemas/A.yaml")
        #expect(try project.confined("git:main:schemas") == "git:main:schemas")
        #expect(try project.confined("git:v1.2:App/Models") == "git:v1.2:App/Models")
        #expect(try project.confined("models:App/Models,\(root)/Model.xcdatamodeld")
            == "models:App/Models,Model.xcdatamodeld")
        #expect(try project.confined("models:git:HEAD:App/Models") == "models:git:HEAD:App/Models")
    }

    @Test(arguments: ["git:main:../outside", "git:main:out/schemas", "models:..", "models:App,/etc",
                      "models:git:HEAD:../../etc", "models:out", "../schemas", "/etc/passwd"])
    func sourcesLeadingOutAreRefused(_ name: String) throws {
        let project = try project()
        #expect(throws: ServiceError.self) { try project.confined(name) }
        do {
            _ = try project.confined(name)
        } catch {
            guard case .outsideProject = error else {
                Issue.record("\(name): \(error), not outside the project")
                return
            }
        }
    }

    /// Swift models are read by a program that follows links: a link out inside a models folder is refused.
    @Test func aModelsFolderWithALinkOutIsRefused() throws {
        try directory.write("import SwiftData\n", to: "project/App/Models/Note.swift")
        let project = try project()
        #expect(try project.confined("models:App") == "models:App")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Models/leak", withDestinationPath: "/etc")
        #expect(throws: ServiceError.outsideProject("App/Models/leak")) { try project.confined("models:App") }
        #expect(throws: ServiceError.outsideProject("App/Models/leak")) { try project.confined("models:App/Models") }
        // A link that stays inside is fine; a hidden folder is entered by no reader.
        try FileManager.default.removeItem(atPath: root + "/App/Models/leak")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Models/schemas", withDestinationPath: root + "/schemas")
        try FileManager.default.createDirectory(atPath: root + "/App/.build", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/App/.build/out", withDestinationPath: "/etc")
        #expect(try project.confined("models:App") == "models:App")
    }

    /// The server's standard input carries the protocol: `-` never reads it.
    @Test func standardInputIsRefused() throws {
        let project = try project()
        #expect(throws: ServiceError.self) { try project.confined("-") }
        #expect(throws: ServiceError.self) { try project.confined("models:-") }
    }

    @Test func aReadOnlyProjectRefusesEveryWrite() throws {
        let project = try project()
        #expect(throws: ServiceError.readOnly("out.ckdb")) { try project.writable("out.ckdb") }
        #expect(throws: ServiceError.readOnly("schemas/A.yaml")) { try project.writable("schemas/A.yaml") }
        #expect(ServiceError.readOnly("out.ckdb").description.contains("--allow-writes"))
    }

    @Test func writesAreConfinedToTheProject() throws {
        let project = try project(allowsWrites: true)
        #expect(try project.writable("out.ckdb") == "out.ckdb")
        #expect(try project.writable("split/") == "split/")
        #expect(try project.writable(root + "/Generated") == "Generated")
        for path in ["../escape.ckdb", "/tmp/escape.ckdb", "out/escape.ckdb", "out", "missing/../../escape"] {
            #expect(throws: ServiceError.outsideProject(path)) { try project.writable(path) }
        }
        #expect(throws: ServiceError.self) { try project.writable("-") }
    }
}
