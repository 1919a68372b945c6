package import CKSchemaCore

extension ConfigurationLoader {
    /// Reads the `access:` list of an access-test file that `ckschema.yaml` names. The file may also be a schema
    /// file (it may live under `schemas/`): its `roles` and `recordTypes` are left to the schema reader. A file
    /// naming further files is an error: only `ckschema.yaml` lists files.
    package static func loadAccessTests(_ file: SourceFile) -> (tests: [AccessTest], diagnostics: [Diagnostic]) {
        let composition = YAMLComposer.compose(file)
        var reader = ConfigurationReader(document: composition.document)
        reader.diagnostics = composition.diagnostics.filter { $0.id != .emptyFile }
        if let root = composition.document.root {
            for (key, value) in reader.entries(of: root, in: "an access-test file", known: ["access", "roles", "recordTypes"])
            where key == "access" {
                reader.readAccess(value, allowingFiles: false)
            }
        }
        return (reader.configuration.access.tests, reader.diagnostics)
    }
}

extension ConfigurationReader {
    /// `access:` — a list whose items are access tests (`{ as: ROLE, can: [...], cannot: [...], on: [TYPE, ...] }`)
    /// or, in `ckschema.yaml`, paths of files holding more. Every problem of form is a located
    /// `config_invalid_value`; which roles and types exist is checked against the schema later.
    mutating func readAccess(_ index: Int, allowingFiles: Bool) {
        let node = document[index]
        if node.kind == .scalar, node.isNull { return }
        guard node.kind == .sequence else {
            invalid(index, "'access' must be a list of access tests\(allowingFiles ? " or files holding them" : "")")
            return
        }
        for item in document.items(of: index) {
            if document[item].kind == .scalar, allowingFiles {
                if let path = scalar(item, for: "an entry of 'access'") {
                    configuration.access.files.append(NamedReference(name: path, location: document.location(of: item)))
                }
                continue
            }
            guard document[item].kind == .mapping else {
                invalid(item, allowingFiles ? "an entry of 'access' must be an access test ({ as: ROLE, can: [...], on: [TYPE] }) or a file path"
                    : "an entry of 'access' must be an access test ({ as: ROLE, can: [...], on: [TYPE] }); only ckschema.yaml names files")
                continue
            }
            if let test = accessTest(item) { configuration.access.tests.append(test) }
        }
    }

    private mutating func accessTest(_ index: Int) -> AccessTest? {
        var role: NamedReference?
        var types: [NamedReference]?
        var can = Permissions(), cannot = Permissions()
        let problemsBefore = diagnostics.count
        for (key, value) in entries(of: index, in: "an access test", known: ["as", "can", "cannot", "on"]) {
            switch key {
            case "as":
                role = scalar(value, for: "'as' of an access test").map { NamedReference(name: $0, location: document.location(of: value)) }
            case "on":
                types = namedList(value, for: "'on' of an access test")
            case "can":
                can = permissions(value, for: "'can'")
            default:
                cannot = permissions(value, for: "'cannot'")
            }
        }
        guard diagnostics.count == problemsBefore else { return nil }  // each problem once: the test is not judged
        guard let role, let types, !types.isEmpty else {
            invalid(index, "an access test needs 'as' (a role) and 'on' (record types), as in { as: _world, can: [read], on: [Post] }")
            return nil
        }
        if can.isEmpty, cannot.isEmpty {
            invalid(index, "an access test needs 'can' or 'cannot' (read, create, write)")
            return nil
        }
        if !can.intersection(cannot).isEmpty {
            invalid(index, "an access test says both can and cannot \(can.intersection(cannot).keywords.lowercased())")
            return nil
        }
        return AccessTest(role: role, can: can, cannot: cannot, recordTypes: types, location: document.location(of: index))
    }

    /// A list of names (or one name), each with where it was written.
    private mutating func namedList(_ index: Int, for what: String) -> [NamedReference]? {
        guard let names = strings(index, for: what, allowSingle: true) else { return nil }
        let items = document[index].kind == .sequence ? Array(document.items(of: index)) : [index]
        return zip(items, names).map { NamedReference(name: $1, location: document.location(of: $0)) }
    }

    /// `[read, create, write]` (or one of them); an unknown name is an error naming the three.
    private mutating func permissions(_ index: Int, for what: String) -> Permissions {
        let items = document[index].kind == .sequence ? Array(document.items(of: index)) : [index]
        var result = Permissions()
        for item in items {
            guard let name = scalar(item, for: "a permission of \(what)") else { continue }
            guard let permission = Permissions(named: name) else {
                invalid(item, "unknown permission '\(name)' in \(what); expected read, create or write")
                continue
            }
            result.formUnion(permission)
        }
        return result
    }
}
