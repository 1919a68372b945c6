package import CKSchemaCore
import Foundation

/// The declarations of a whole module (every scanned Swift file): types by qualified name (`SchemaV2.Trip`)
/// with what their extensions in any file add, type aliases, enum cases with raw values, and the properties
/// of each type — static constants with their literal value included.
///
/// Built once per run from the files' parses (`SwiftModuleScanner`); lookups follow Swift's rules closely
/// enough for static reading: a name is looked up from the innermost enclosing type outwards, through type
/// aliases, and a module-qualified name (`App.Trip`) also by its rest. It is the one index of the module's
/// declarations for both readers of Swift: it answers what the SwiftData reader asks (is `Status` a Codable
/// enum, is `Trip` a `@Model` class) and what the code check asks through `CodeDeclarations` (the string
/// constants keys and record types are spelled with, `Foo.Keys.title`, a protocol's requirement and who
/// conforms to it, the declared types of properties, the key enums of `CKRecord` subscript helpers).
package struct DeclarationIndex: Sendable {
    /// Types by qualified name, outermost first (`SchemaV2.Trip`).
    package private(set) var types: [String: TypeDeclaration] = [:]
    /// Type aliases by qualified name.
    package private(set) var typeAliases: [String: TypeAlias] = [:]
    /// Properties declared at file level (global constants), by name.
    package private(set) var globals: [String: PropertyDeclaration] = [:]
    /// Types declared inside a function body, by the qualified name of the enclosing types and their own
    /// (`Store.Keys` for `enum Keys: String` in a method of `Store`). Type lookups never find them (they are
    /// visible only in that body); the code check reads the cases of their string enums.
    package private(set) var localTypes: [String: TypeDeclaration] = [:]
    /// Names written through a type alias in an extension (`Journey.Stop` for `extension Journey { struct
    /// Stop }` with `typealias Journey = Trip`) → the qualified name they were filed under (`Trip.Stop`).
    private var renamedTypes: [String: String] = [:]

    package init() {}

    // MARK: - Building

    /// Adds a type declaration or an extension of it (`kind` nil), merging with what is already known.
    mutating func add(_ declaration: TypeDeclaration) {
        guard var known = types[declaration.qualifiedName] else {
            types[declaration.qualifiedName] = declaration
            return
        }
        known.absorb(declaration)
        types[declaration.qualifiedName] = known
    }

    mutating func add(_ alias: TypeAlias) {
        if typeAliases[alias.qualifiedName] == nil { typeAliases[alias.qualifiedName] = alias }
    }

    mutating func addLocal(_ declaration: TypeDeclaration) {
        if var known = localTypes[declaration.qualifiedName] {
            known.absorb(declaration)
            localTypes[declaration.qualifiedName] = known
        } else {
            localTypes[declaration.qualifiedName] = declaration
        }
    }

    mutating func addGlobal(_ property: PropertyDeclaration) {
        if globals[property.name] == nil { globals[property.name] = property }
    }

    /// Adds everything `other` (another file's index) declares.
    package mutating func merge(_ other: DeclarationIndex) {
        for name in other.types.keys.sorted() { add(other.types[name]!) }
        for alias in other.typeAliases.values { add(alias) }
        for global in other.globals.values { addGlobal(global) }
        for name in other.localTypes.keys.sorted() { addLocal(other.localTypes[name]!) }
    }

    /// Folds extensions written with a name that is not the qualified one (`extension Trip` for
    /// `SchemaV2.Trip` reached through a type alias) into the type they extend. Run after every file merged.
    package mutating func resolveExtensions() {
        for name in types.keys.sorted() {
            guard let entry = types[name], entry.kind == nil,
                  let target = lookUp(name, from: nil, followExtensionsOnly: false), target.qualifiedName != name,
                  var resolved = types[target.qualifiedName] else { continue }
            resolved.nestedTypes = resolved.nestedTypes.filter { !$0.hasPrefix(name + ".") }
            resolved.absorb(entry)
            resolved.nestedTypes = resolved.nestedTypes.map { Self.renaming($0, from: name, to: target.qualifiedName) }
            types[target.qualifiedName] = resolved
            types[name] = nil
            // Types nested in that extension move under the extended type.
            for nested in types.keys.sorted() where nested.hasPrefix(name + ".") {
                guard var moved = types.removeValue(forKey: nested) else { continue }
                let newName = Self.renaming(nested, from: name, to: target.qualifiedName)
                moved.qualifiedName = newName
                moved.nestedTypes = moved.nestedTypes.map { Self.renaming($0, from: name, to: target.qualifiedName) }
                renamedTypes[nested] = newName
                if var existing = types[newName] {
                    existing.absorb(moved)
                    types[newName] = existing
                } else {
                    types[newName] = moved
                }
            }
        }
    }

    private static func renaming(_ qualified: String, from old: String, to new: String) -> String {
        qualified == old ? new : qualified.hasPrefix(old + ".") ? new + qualified.dropFirst(old.count) : qualified
    }

    /// The names of every enum case the module declares, in types and function bodies alike: whether
    /// `.partialFailure` may be the app's own case rather than `CKError`'s.
    package var enumCaseNames: Set<String> {
        Set(types.values.flatMap(\.cases).map(\.name) + localTypes.values.flatMap(\.cases).map(\.name))
    }

    // MARK: - Lookup

    /// The type `name` (as written in code: `Trip`, `SchemaV2.Trip`, `App.Trip`, `Trip?` is not a name)
    /// means when written inside `scope` (the qualified name of the enclosing type, `nil` at file level).
    package func type(named name: String, from scope: String?) -> TypeDeclaration? {
        lookUp(name, from: scope, followExtensionsOnly: true)
    }

    private func lookUp(_ name: String, from scope: String?, followExtensionsOnly: Bool, depth: Int = 0) -> TypeDeclaration? {
        guard depth < 16, !name.isEmpty else { return nil }
        for prefix in Self.scopes(from: scope) {
            var qualified = prefix.isEmpty ? name : "\(prefix).\(name)"
            if let renamed = renamedTypes[qualified] { qualified = renamed }
            if let found = types[qualified], found.kind != nil || followExtensionsOnly {
                return found.kind != nil ? found : (aliasTarget(qualified, depth: depth) ?? found)
            }
            if let target = aliasTarget(qualified, depth: depth) { return target }
        }
        // `App.Trip`: a module-qualified name.
        if let dot = name.firstIndex(of: "."), scope == nil || depth == 0 {
            return lookUp(String(name[name.index(after: dot)...]), from: nil, followExtensionsOnly: followExtensionsOnly,
                          depth: depth + 1)
        }
        return nil
    }

    private func aliasTarget(_ qualified: String, depth: Int) -> TypeDeclaration? {
        guard let alias = typeAliases[qualified] else { return nil }
        return lookUp(alias.target, from: alias.scope, followExtensionsOnly: true, depth: depth + 1)
    }

    /// `A.B.C` → `A.B.C`, `A.B`, `A`, `` (file level): where a name written inside `A.B.C` is looked up.
    static func scopes(from scope: String?) -> [String] {
        guard let scope, !scope.isEmpty else { return [""] }
        var result: [String] = []
        var components = scope.split(separator: ".").map(String.init)
        while !components.isEmpty {
            result.append(components.joined(separator: "."))
            components.removeLast()
        }
        return result + [""]
    }

    /// Whether `type` conforms to the protocol `name` as far as the scanned code says: declared on the type
    /// or an extension, through a protocol of the scanned code that refines it, a superclass of the scanned
    /// code, or a type alias of a composition (`typealias Stored = Codable & Hashable`). `Codable` counts as
    /// `Encodable` and `Decodable`, and both together as `Codable`.
    package func conforms(_ type: TypeDeclaration, to name: String) -> Bool {
        func check(_ names: Set<String>) -> Bool {
            var visited: Set<String> = []
            return conforms(type, toAny: names, visited: &visited)
        }
        switch name {
        case "Codable": return check(["Codable"]) || (check(["Encodable", "Codable"]) && check(["Decodable", "Codable"]))
        case "Encodable", "Decodable": return check([name, "Codable"])
        default: return check([name])
        }
    }

    private func conforms(_ type: TypeDeclaration, toAny names: Set<String>, visited: inout Set<String>) -> Bool {
        guard visited.insert(type.qualifiedName).inserted else { return false }
        let scope = type.enclosingScope
        for inherited in type.inheritedTypes {
            for part in Self.compositionParts(inherited) {
                let bare = part.hasPrefix("Swift.") ? String(part.dropFirst(6)) : part
                if names.contains(bare) { return true }
                if let alias = alias(named: bare, from: scope),
                   Self.compositionParts(alias.target).contains(where: names.contains) {
                    return true
                }
                if let declared = self.type(named: bare, from: scope), conforms(declared, toAny: names, visited: &visited) {
                    return true
                }
            }
        }
        return false
    }

    /// The type alias `name` means inside `scope`, if it names one.
    package func alias(named name: String, from scope: String?) -> TypeAlias? {
        for prefix in Self.scopes(from: scope) {
            if let alias = typeAliases[prefix.isEmpty ? name : "\(prefix).\(name)"] { return alias }
        }
        return nil
    }

    /// `Codable & Hashable` → `Codable`, `Hashable`.
    static func compositionParts(_ text: String) -> [String] {
        text.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The static constant `member` of `type` (or of a type it extends into), when it is a string literal
    /// (`static let recordType = "Trip"`, `static var recordType: String { "Trip" }`).
    package func stringConstant(_ member: String, of type: TypeDeclaration) -> String? {
        type.properties[member]?.stringValue
    }
}

// MARK: - Declarations

extension DeclarationIndex {
    /// What kind of type a declaration makes.
    package enum TypeKind: String, Sendable, Hashable {
        case `class`, `struct`, `enum`, `protocol`, `actor`
    }

    /// A type of the scanned code and everything its extensions add.
    package struct TypeDeclaration: Sendable, Hashable {
        /// `SchemaV2.Trip`.
        package var qualifiedName: String
        /// `nil` when only extensions were seen (a type declared outside the scanned code, `String`).
        package var kind: TypeKind?
        /// The inheritance clause of the declaration and of every extension, as written (`Codable`,
        /// `String`, `VersionedSchema`), in order of appearance.
        package var inheritedTypes: [String]
        /// The attributes on the declaration, by name (`Model`, `MainActor`).
        package var attributes: [String]
        /// Enum cases in order.
        package var cases: [EnumCase]
        /// Properties (stored, computed, static, protocol requirements) by name.
        package var properties: [String: PropertyDeclaration]
        /// The names of the types nested in it (declared inside it or in an extension), qualified.
        package var nestedTypes: [String]
        /// The type of the first parameter of each of its subscripts, optional stripped (`EntryKey` for
        /// `subscript(key: EntryKey) -> Any?` in `extension CKRecord`).
        package var subscriptKeyTypes: [String]
        package var location: SourceLocation?
        /// Where extensions of it are.
        package var extensionLocations: [SourceLocation]

        package init(qualifiedName: String, kind: TypeKind?, inheritedTypes: [String] = [], attributes: [String] = [],
                     cases: [EnumCase] = [], properties: [String: PropertyDeclaration] = [:], nestedTypes: [String] = [],
                     subscriptKeyTypes: [String] = [], location: SourceLocation? = nil,
                     extensionLocations: [SourceLocation] = []) {
            self.qualifiedName = qualifiedName
            self.kind = kind
            self.inheritedTypes = inheritedTypes
            self.attributes = attributes
            self.cases = cases
            self.properties = properties
            self.nestedTypes = nestedTypes
            self.subscriptKeyTypes = subscriptKeyTypes
            self.location = location
            self.extensionLocations = extensionLocations
        }

        /// `Trip` for `SchemaV2.Trip`.
        package var name: String {
            qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
        }

        /// `SchemaV2` for `SchemaV2.Trip`; `nil` at file level.
        package var enclosingScope: String? {
            guard let dot = qualifiedName.lastIndex(of: ".") else { return nil }
            return String(qualifiedName[..<dot])
        }

        /// The raw value type of an enum (`String`, `Int`), when its inheritance clause starts with one.
        package var rawType: String? {
            guard kind == .enum, let first = inheritedTypes.first else { return nil }
            return Self.rawValueTypes.contains(first) ? first : nil
        }

        static let rawValueTypes: Set<String> = [
            "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Double", "Float", "Character",
        ]

        package func hasAttribute(_ name: String) -> Bool { attributes.contains(name) }

        /// Adds what another declaration of the same name (an extension, or the declaration seen after an
        /// extension) says.
        mutating func absorb(_ other: TypeDeclaration) {
            if kind == nil, other.kind != nil {
                kind = other.kind
                attributes = other.attributes
                location = other.location
                inheritedTypes = other.inheritedTypes + inheritedTypes.filter { !other.inheritedTypes.contains($0) }
            } else {
                inheritedTypes += other.inheritedTypes.filter { !inheritedTypes.contains($0) }
            }
            if other.kind == nil, let location = other.location { extensionLocations.append(location) }
            extensionLocations += other.extensionLocations
            cases += other.cases
            // A protocol's requirement (`{ get }`) and the default an extension gives it: the default's value.
            properties.merge(other.properties) { first, second in first.valueText == nil && second.valueText != nil ? second : first }
            nestedTypes += other.nestedTypes.filter { !nestedTypes.contains($0) }
            subscriptKeyTypes += other.subscriptKeyTypes.filter { !subscriptKeyTypes.contains($0) }
        }
    }

    /// An enum case.
    package struct EnumCase: Sendable, Hashable {
        package var name: String
        /// The raw value as written (the string's value, a number's text); `nil` when implicit.
        package var rawValue: String?
        package var hasAssociatedValues: Bool
    }

    /// A property of a type, or a global.
    package struct PropertyDeclaration: Sendable, Hashable {
        package var name: String
        package var isStatic: Bool
        /// `let` (a constant) rather than `var`.
        package var isLet: Bool
        /// Has a getter body (computed), or is a protocol requirement `{ get }`.
        package var isComputed: Bool
        /// The type annotation as written, if any.
        package var declaredType: String?
        /// The value when it is a string literal without interpolation (the initial value, or what a getter
        /// of one expression returns).
        package var stringValue: String?
        /// The initial value, or the one expression a getter returns, as written (`Schema.Version(2, 0, 0)`,
        /// `[SchemaV1.self, SchemaV2.self]`).
        package var valueText: String?
        /// The type a constructor call as initial value makes (`Date` for `= Date()`), when not annotated.
        package var constructedType: String?
        /// When the value is a type's name (`String(describing: Self.self)`, `"\(Self.self)"`, `Note.self`):
        /// that type as written, `Self` for the type the property is read through.
        package var describedType: String?
        /// When the value is another name (`static let recordType = RecordTypes.note`): its member path
        /// (`["RecordTypes", "note"]`), a leading `self`/`Self` dropped.
        package var valuePath: [String]?
        package var location: SourceLocation?

        init(name: String, isStatic: Bool, isLet: Bool, isComputed: Bool, declaredType: String?,
                     stringValue: String?, valueText: String?, constructedType: String? = nil,
                     describedType: String? = nil, valuePath: [String]? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.isStatic = isStatic
            self.isLet = isLet
            self.isComputed = isComputed
            self.declaredType = declaredType
            self.stringValue = stringValue
            self.valueText = valueText
            self.constructedType = constructedType
            self.describedType = describedType
            self.valuePath = valuePath
            self.location = location
        }

        /// The declared type, else the type its initial value constructs.
        package var storedType: String? { declaredType ?? constructedType }
    }

    /// `typealias Trip = SchemaV2.Trip`.
    package struct TypeAlias: Sendable, Hashable {
        package var qualifiedName: String
        /// The aliased type as written.
        package var target: String
        /// Where the alias is declared (the enclosing type), for looking up `target`.
        package var scope: String?
        package var location: SourceLocation?
    }
}

// MARK: - Building from files

extension DeclarationIndex {
    /// The index of the Swift files under `paths`, with the files read and the notes about files skipped.
    package static func build(paths: [String]) throws(CodeInputError) -> (index: DeclarationIndex, sources: [SourceFile],
                                                                          diagnostics: [Diagnostic]) {
        let scan = try SwiftModuleScanner.scan(paths: paths) { DeclarationCollector.collect($0).index }
        return (DeclarationIndex(merging: scan.results), scan.sources, scan.diagnostics)
    }

    /// The index of Swift text given in memory.
    package static func build(_ sources: [SourceFile]) -> DeclarationIndex {
        DeclarationIndex(merging: SwiftModuleScanner.scan(sources) { DeclarationCollector.collect($0).index }.results)
    }

    /// The files' indexes merged, extensions folded into the types they extend.
    init(merging files: [DeclarationIndex]) {
        self.init()
        for file in files { merge(file) }
        resolveExtensions()
    }
}
