#if MCP  // the package trait that brings the MCP SDK (Package.swift)
import CKSchemaCore
import CKSchemaParsing
import CKSchemaReporting
import CKSchemaService
import Foundation
import MCP

/// What the server lets a client read: the project schema (its YAML files and its `.ckdb` rendering), each
/// environment's snapshot, the rule catalog and the CloudKit facts behind the rules. Listed anew on each
/// request, so a file the agent just added is there.
enum ProjectResources {
    static let scheme = "ckschema://"
    static let schemaCKDB = scheme + "schema.ckdb"
    static let rules = scheme + "rules.json"
    static let facts = scheme + "docs/cloudkit-facts.md"
    /// The prefix of a project file's resource (`ckschema://file/schemas/Category.yaml`).
    static let filePrefix = scheme + "file/"

    static func list(_ project: ServiceProject) -> [Resource] {
        var resources: [Resource] = []
        if let (schemas, _) = try? project.loadSchemas([]) {
            for path in Set(schemas.flatMap { $0.sources.map(\.path) }).sorted() {
                resources.append(Resource(name: path, uri: filePrefix + path,
                                          description: "A file of the project schema.", mimeType: mimeType(of: path)))
            }
            resources.append(Resource(name: "schema.ckdb", uri: schemaCKDB,
                                      description: "The project schema in CloudKit's schema language, as cktool "
                                          + "import-schema takes it.", mimeType: "text/plain"))
        }
        for environment in CloudKitEnvironment.allCases where FileManager.default.fileExists(atPath: project.snapshotPath(environment)) {
            let path = project.snapshotPath(environment)
            resources.append(Resource(name: path, uri: filePrefix + path,
                                      description: "What \(environment.rawValue) held at the last deploy or pull.",
                                      mimeType: "text/plain"))
        }
        resources.append(Resource(name: "rules.json", uri: rules, description: "Every check ckschema runs, with its "
                                      + "rationale and examples.", mimeType: "application/json"))
        resources.append(Resource(name: "cloudkit-facts.md", uri: facts, description: "The CloudKit facts behind "
                                      + "the rules, with their sources.", mimeType: "text/markdown"))
        return resources
    }

    static func read(_ uri: String, in project: ServiceProject) throws -> Resource.Content {
        let text: String
        switch uri {
        case schemaCKDB:
            // What `ckschema convert` writes, directives included.
            text = SchemaConversion.text(try project.loadSchema(nil).parsed.schema, in: .ckdb).text
        case rules:
            text = RuleCatalogRenderer.json(RuleLookup.rules(of: nil))
        case facts:
            // Embedded in the binary (scripts/embed-cloudkit-facts.sh): every project gets them, none is read.
            text = CloudKitFacts.markdown
        case _ where uri.hasPrefix(filePrefix):
            // Only the files `list` offers: a client cannot read the project's other files through this.
            guard list(project).contains(where: { $0.uri == uri }) else {
                throw MCPError.invalidParams("unknown resource '\(uri)'")
            }
            let path = try project.folder.confine(String(uri.dropFirst(filePrefix.count)))
            text = try SchemaLoader.read(path).text
        default:
            throw MCPError.invalidParams("unknown resource '\(uri)'")
        }
        return .text(Redaction.scrub(text), uri: uri, mimeType: list(project).first { $0.uri == uri }?.mimeType)
    }

    private static func mimeType(of path: String) -> String {
        path.hasSuffix(".ckdb") ? "text/plain" : "application/yaml"
    }
}
#endif
