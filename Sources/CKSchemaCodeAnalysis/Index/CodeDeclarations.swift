/// What the code check asks the module's `DeclarationIndex`: the string constants keys and record types are
/// spelled with, the `String`-keyed enums, the key enums of `CKRecord` subscript helpers, protocols and who
/// conforms to them, and the declared types of properties.
///
/// The index is the one the SwiftData models reader builds too (`DeclarationCollector`, one part per file,
/// merged); this view derives from it, once per run, the few tables that keep every question of the
/// resolver a dictionary lookup: constants by qualified name, types and protocols by every shorter suffix
/// of their qualified name (`Keys` and `Trip.Keys` for `App.Trip.Keys`), conformers by the simple name of
/// what they list after `:`.
struct CodeDeclarations: Sendable {
    let index: DeclarationIndex
    /// Qualified name (`CloudKitConfig.EntryField.title`, `EntryKey.title` for an enum case) → string value:
    /// `let`s and computed properties whose value is a string literal (or a type's name), and the cases of
    /// enums with a `String` raw type or `CodingKey` (the raw value, else the case's name).
    private(set) var constants: [String: String] = [:]
    /// Constants defined as another name (`static let recordType = RecordTypes.note`), resolved once every
    /// constant is known.
    private(set) var aliases: [String: SymbolicKey] = [:]
    /// Constants of a protocol whose value is the name of the type they are read through
    /// (`static var recordType: String { String(describing: Self.self) }` in a protocol extension).
    private(set) var typeNameConstants: Set<String> = []
    /// Enum types that a `CKRecord` subscript helper takes (`subscript(key: EntryKey)`): `.title` in
    /// `record[.title]` is their case.
    private(set) var subscriptKeyEnums: [String] = []
    /// Protocol or type name as written in inheritance clauses (its last component) → the types that list it.
    private var conformances: [String: Set<String>] = [:]
    /// The qualified names of the scanned code's protocols and every suffix of them.
    private var protocolNames: Set<String> = []
    /// A shorter suffix of a type's qualified name (`Keys`, `Trip.Keys` for `App.Trip.Keys`) → those types.
    private var typesBySuffix: [String: [String]] = [:]
    /// Enums with a String raw type or `CodingKey` (qualified), whose cases name keys.
    private var stringEnums: Set<String> = []

    init(_ index: DeclarationIndex) {
        self.index = index
        var subscriptKeys: Set<String> = []
        for name in index.types.keys.sorted() {
            guard let type = index.types[name] else { continue }
            addConstants(of: type)
            addNames(of: type)
            if SwiftTypeNames.isRecord(name) { subscriptKeys.formUnion(type.subscriptKeyTypes) }
        }
        // Types declared in a function body: their string enums' cases are the keys that body spells.
        for name in index.localTypes.keys.sorted() {
            guard let type = index.localTypes[name] else { continue }
            addConstants(of: type)
            addNames(of: type)
        }
        for name in index.globals.keys.sorted() {
            guard let global = index.globals[name] else { continue }
            addConstant(global, named: name, owner: nil)
        }
        subscriptKeyEnums = subscriptKeys.sorted()
    }

    // MARK: - Building

    private mutating func addConstants(of type: DeclarationIndex.TypeDeclaration) {
        for (name, property) in type.properties {
            addConstant(property, named: "\(type.qualifiedName).\(name)", owner: type)
        }
        // A `String` raw type, or a `CodingKey` enum (`CodingKeys.title.stringValue` is the case name).
        guard type.kind == .enum, type.inheritedTypes.first == "String" || type.inheritedTypes.contains("CodingKey") else {
            return
        }
        stringEnums.insert(type.qualifiedName)
        for enumCase in type.cases {
            let raw = type.inheritedTypes.first == "String" ? enumCase.rawValue : nil
            constants["\(type.qualifiedName).\(enumCase.name)"] = raw ?? enumCase.name
        }
    }

    /// A constant's value: a literal, the name of the type (`String(describing: Self.self)`), or another
    /// constant (`static let recordType = RecordTypes.note`). Stored `var`s are not constants.
    private mutating func addConstant(_ property: DeclarationIndex.PropertyDeclaration, named qualified: String,
                                      owner: DeclarationIndex.TypeDeclaration?) {
        guard property.isLet || property.isComputed else { return }
        if let value = property.stringValue {
            constants[qualified] = value
        } else if let described = property.describedType {
            guard described == "Self" else {
                constants[qualified] = described
                return
            }
            guard let owner else { return }
            if owner.kind == .protocol {
                typeNameConstants.insert(qualified)  // each conforming type's own name, decided by the resolver
            } else {
                constants[qualified] = owner.name
            }
        } else if let path = property.valuePath {
            let scopes = owner.map { DeclarationIndex.scopes(from: $0.qualifiedName) } ?? []
            aliases[qualified] = .path(path, scopes: scopes.filter { !$0.isEmpty })
        }
    }

    private mutating func addNames(of type: DeclarationIndex.TypeDeclaration) {
        let qualified = type.qualifiedName
        let suffixes = Self.suffixes(of: qualified)
        for suffix in suffixes.dropFirst() { typesBySuffix[suffix, default: []].append(qualified) }
        if type.kind == .protocol { protocolNames.formUnion(suffixes) }
        for inherited in type.inheritedTypes {
            for part in inherited.split(separator: "&") {
                let name = part.filter { !$0.isWhitespace }
                let simple = name.split(separator: ".").last.map(String.init) ?? name
                conformances[simple, default: []].insert(qualified)
            }
        }
    }

    /// `A.B.C` → `A.B.C`, `B.C`, `C`.
    private static func suffixes(of qualified: String) -> [String] {
        let components = qualified.split(separator: ".")
        return components.indices.map { components[$0...].joined(separator: ".") }
    }

    // MARK: - Questions

    /// Whether `name` (simple or qualified) is a protocol of the scanned code.
    func isProtocol(_ name: String) -> Bool {
        protocolNames.contains(name)
    }

    /// Whether `type` (as written) lists `proto` among what it conforms to, directly, through an extension
    /// in any file, or through protocols that inherit it.
    func conforms(_ type: String, to proto: String) -> Bool {
        let simple = proto.split(separator: ".").last.map(String.init) ?? proto
        var pending = [simple]
        var seen: Set<String> = []
        while let next = pending.popLast(), seen.insert(next).inserted, seen.count < 64 {
            for conformer in conformances[next] ?? [] {
                if conformer == type || conformer.hasSuffix("." + type) || type.hasSuffix("." + conformer) { return true }
                pending.append(conformer.split(separator: ".").last.map(String.init) ?? conformer)
            }
        }
        return false
    }

    /// The concrete (non-protocol) types conforming to protocol `name`, directly or through other protocols.
    func concreteConformers(of name: String) -> [String] {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        var pending = [simple]
        var seen: Set<String> = []
        var result: Set<String> = []
        while let next = pending.popLast(), seen.insert(next).inserted, seen.count < 64 {
            for conformer in conformances[next] ?? [] {
                if isProtocol(conformer) {
                    pending.append(conformer.split(separator: ".").last.map(String.init) ?? conformer)
                } else {
                    result.insert(conformer)
                }
            }
        }
        return result.sorted()
    }

    /// The declared type of property `name` of Swift type `type`; a nested type may be named by the end of
    /// its qualified name when only one type ends so.
    func propertyType(_ name: String, of type: String) -> String? {
        if let declared = index.types[type]?.properties[name]?.storedType { return declared }
        let matches = (typesBySuffix[type] ?? []).compactMap { index.types[$0]?.properties[name]?.storedType }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Whether `type` (simple or qualified) is an enum whose cases are strings.
    func isStringEnum(_ type: String) -> Bool {
        stringEnums.contains(type) || (typesBySuffix[type] ?? []).contains(where: stringEnums.contains)
    }
}
