import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Foundation

/// The project's example schema, CloudJournal (`schemas/*.yaml`: Category, JournalEntry with an encrypted
/// body, an enum mood, a bool and a reference to Category, EntryImage with an asset and an owning reference,
/// PublishedEntry in the public database), read with the YAML parser from paths relative to the repository.
enum CloudJournalSchema {
    /// The schema path headers name.
    static let path = "schemas"

    /// The parsed schema, with the source map that locates its elements.
    static let parsed: ParsedSchema = {
        let folder = SharedCorpus.repositoryRoot.appendingPathComponent(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            SourceFile(path: path + "/" + name,
                       text: (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
        return YAMLSchemaParser.parse(files)
    }()

    /// The schema.
    static var schema: Schema { parsed.schema }
}
