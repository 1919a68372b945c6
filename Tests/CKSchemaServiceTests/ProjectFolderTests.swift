import CKSchemaService
import CKSchemaTestSupport
import Foundation
import Testing

/// What an MCP client names is confined to the project folder, however it is spelled: inside paths are named
/// relative to the folder; `..`, absolute paths elsewhere and symbolic links out are refused.
@Suite(.timeLimit(.minutes(1))) struct ProjectFolderTests {
    let directory: TemporaryDirectory
    let project: ProjectFolder

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("recordTypes: {}\n", to: "project/schemas/A.yaml")
        try directory.write("secret\n", to: "outside.txt")
        let root = directory.url.appendingPathComponent("project").path
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: directory.url.path)
        try FileManager.default.createSymbolicLink(atPath: root + "/etc", withDestinationPath: "/etc")
        // A relative link, made with symlink(2): Foundation on Linux would make its destination absolute.
        #expect(symlink("schemas", root + "/alias") == 0)
        project = try #require(ProjectFolder(root))
    }

    @Test func pathsInsideAreNamedRelativeToTheFolder() throws {
        #expect(try project.confine("schemas/A.yaml") == "schemas/A.yaml")
        #expect(try project.confine(".") == ".")
        #expect(try project.confine(project.root + "/schemas/A.yaml") == "schemas/A.yaml")
        #expect(try project.confine(project.root) == ".")
        #expect(try project.confine("alias/A.yaml") == "alias/A.yaml")
        #expect(try project.confine("schemas/../schemas/A.yaml") == "schemas/../schemas/A.yaml")
    }

    @Test func aPathNotYetThereIsJudgedByItsDeepestExistingFolder() throws {
        #expect(try project.confine("environments/production.ckdb") == "environments/production.ckdb")
        #expect(throws: ServiceError.outsideProject("missing/../../outside.txt")) {
            try project.confine("missing/../../outside.txt")
        }
    }

    @Test(arguments: ["..", "../outside.txt", "schemas/../../outside.txt", "/etc/passwd", "/", "out", "out/outside.txt",
                      "etc/passwd", "etc/missing/file", "", "schemas/\0A.yaml"])
    func pathsLeadingOutAreRefused(_ path: String) {
        #expect(throws: ServiceError.outsideProject(path)) { try project.confine(path) }
    }

    @Test func theRefusalNamesThePathAndSaysWhatToDo() {
        #expect(ServiceError.outsideProject("../x").description
            == "'../x' is outside the project folder; name a path inside it")
    }

    @Test func aProjectIsAnExistingFolder() throws {
        #expect(ProjectFolder(directory.url.appendingPathComponent("outside.txt").path) == nil)
        #expect(ProjectFolder(directory.url.appendingPathComponent("missing").path) == nil)
    }
}
