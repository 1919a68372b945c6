import CKSchemaCore
import CKSchemaModels

/// `models:git:REVISION:PATH`: the models as they were at a git revision, read by `ShippedModelReader`.
extension ModelSchemaReader {
    /// Reads `models:` paths now, or — when they are written `git:REVISION:PATH` — at that revision (all at one).
    package static func readNowOrAtRevision(_ paths: [String]) throws(ServiceError) -> Read {
        var sides: [(revision: String, path: String)?] = []
        for path in paths { sides.append(try GitSchemaReader.split(path)) }
        if sides.allSatisfy({ $0 == nil }) { return try read(paths) }
        let revisions = Set(sides.map { $0?.revision })
        guard revisions.count == 1, let revision = revisions.first ?? nil else {
            throw .couldNotRun("'models:' names paths now or paths at one git revision (models:git:REF:App/Models), "
                + "not a mixture")
        }
        let shipped = try ShippedModelReader.read(revision: revision, paths: sides.compactMap { $0?.path })
        return Read(model: shipped.shipped.model, diagnostics: shipped.diagnostics, files: shipped.sources.map(\.path),
                    sources: shipped.sources)
    }
}
