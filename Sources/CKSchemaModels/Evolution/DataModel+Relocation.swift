package import CKSchemaCore

/// Moving a model's locations to other file names: a model read out of a git revision through a temporary
/// folder names its files `git:REVISION:PATH` again.
extension DataModel {
    /// The model with every location's file renamed by `rename` (`nil`: kept).
    package func relocated(_ rename: (String) -> String?) -> DataModel {
        func move(_ location: SourceLocation?) -> SourceLocation? { moved(location, rename) }
        var model = self
        for entity in model.entities.indices {
            model.entities[entity].location = move(model.entities[entity].location)
            for index in model.entities[entity].attributes.indices {
                model.entities[entity].attributes[index].location = move(model.entities[entity].attributes[index].location)
            }
            for index in model.entities[entity].relationships.indices {
                model.entities[entity].relationships[index].location = move(model.entities[entity].relationships[index].location)
            }
            for index in model.entities[entity].uniquenessConstraints.indices {
                model.entities[entity].uniquenessConstraints[index].location =
                    move(model.entities[entity].uniquenessConstraints[index].location)
            }
        }
        for index in model.configurations.indices {
            model.configurations[index].location = move(model.configurations[index].location)
        }
        return model
    }
}

extension Diagnostic {
    /// The diagnostic with its location's and notes' files renamed by `rename` (`nil`: kept).
    package func relocated(_ rename: (String) -> String?) -> Diagnostic {
        func move(_ location: SourceLocation?) -> SourceLocation? { moved(location, rename) }
        var diagnostic = self
        diagnostic.location = move(location)
        diagnostic.notes = notes.map { Note($0.message, at: move($0.location)) }
        return diagnostic
    }
}

/// `location` with its file renamed by `rename` (`nil`: kept).
private func moved(_ location: SourceLocation?, _ rename: (String) -> String?) -> SourceLocation? {
    guard var location, let file = rename(location.file) else { return location }
    location.file = file
    return location
}
