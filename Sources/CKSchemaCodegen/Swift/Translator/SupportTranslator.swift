import CKSchemaCore

/// Translates the shared support code: the namespace enum with `RecordID`, `AnyRecord`, `SystemFields`,
/// `FieldChanges`, `Location` (when the schema has locations), `RecordError`, the record types of the schema
/// and the typed-query types, and their CloudKit conversions.
struct SupportTranslator {
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?
    /// Whether any model holds locations.
    let includesLocation: Bool
    /// Every record type of the schema, in schema order.
    let recordTypes: [RecordType]
    /// Whether any field replaces another (`renamedFrom` / `replaces`).
    var includesMigrations = false

    /// The namespace enum, declared for every platform.
    var namespaceDeclaration: SwiftDeclaration {
        var members: [SwiftDeclaration] = [recordID, anyRecord, systemFields, fieldChanges]
        if includesLocation { members.append(location) }
        members += [recordError, database, recordTypeDescription, recordTypeList]
        members += QuerySupportTranslator(namespace: namespace, access: access, includesLocation: includesLocation)
            .namespaceMembers
        members += MergeSupportTranslator(namespace: namespace, access: access).namespaceMembers
        if includesMigrations { members.append(MigrationSupportTranslator(namespace: namespace, access: access).conversions) }
        return SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: namespace, members: members))
            .documented(["Types shared by the models generated from the CloudKit schema, and the schema's record types."])
    }

    /// Declarations outside the namespace, for every platform: decoding `FieldChanges` from JSON that predates
    /// them, and the typed-query conformances and operators.
    var topLevelDeclarations: [SwiftDeclaration] {
        [fieldChangesDecoding]
            + QuerySupportTranslator(namespace: namespace, access: access, includesLocation: includesLocation)
            .topLevelDeclarations
    }

    /// The CloudKit conversions of the support types, and the rendering of typed queries as `CKQuery`.
    var cloudKitExtensions: [SwiftDeclaration] {
        var declarations = [recordIDConversions]
        if includesLocation { declarations.append(locationConversions) }
        return declarations
            + QuerySupportTranslator(namespace: namespace, access: access, includesLocation: includesLocation)
            .cloudKitDeclarations
    }

    /// Documented `let` properties of `(name, type, doc)` and a memberwise initializer documented `initializer`;
    /// optional parameters default to `nil` when `optionalsDefaultToNil`.
    static func constants(_ properties: [(String, String, String)], access: SwiftAccess?, initializer: String,
                          optionalsDefaultToNil: Bool = false) -> [SwiftDeclaration] {
        var members: [SwiftDeclaration] = properties.map { name, type, doc in
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: name, type: type))
                .documented([doc])
        }
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: properties.map { name, type, _ in
                SwiftParameter(name: name, type: type,
                               defaultValue: optionalsDefaultToNil && type.hasSuffix("?") ? "nil" : nil)
            },
            body: properties.map { "self.\($0.0) = \($0.0)" }
        )).documented([initializer]))
        return members
    }

    // MARK: - FieldChanges

    private var fieldChanges: SwiftDeclaration {
        let keyFunction = { (name: String, doc: [String], returnType: String?, body: [String], isMutating: Bool) in
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isMutating: isMutating, kind: .function(name: name),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String")], returnType: returnType,
                body: body
            )).documented(doc)
        }
        let typedKey = { (name: String, doc: [String], body: String) in
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: name), genericParameters: ["Key: RawRepresentable"],
                parameters: [SwiftParameter(label: "_", name: "key", type: "Key")], returnType: "Bool",
                whereClause: "Key.RawValue == String", body: [body]
            )).documented(doc)
        }
        let members: [SwiftDeclaration] = [
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "isNew", type: "Bool"))
                .documented(["Whether the model was created in code rather than read from a record."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "readKeys", type: "Set<String>"))
                .documented(["The CloudKit names of the fields that held a value in the record the model was read from."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "changedKeys", type: "Set<String>"))
                .documented(["The CloudKit names of the fields set since the model was created or read."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false),
                body: ["self.isNew = true", "self.readKeys = []", "self.changedKeys = []"]
            )).documented(["The changes of a new model: saving writes every field that has a value."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "readKeys", type: "Set<String>")],
                body: ["self.isNew = false", "self.readKeys = readKeys", "self.changedKeys = []"]
            )).documented(["The changes of a model read from a record that held values for `readKeys`: nothing is",
                           "written until a field is set."]),
            keyFunction("mark", ["Marks the field whose CloudKit name is `key` as set, so that saving writes it."],
                        nil, ["changedKeys.insert(key)"], true),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isMutating: true, kind: .function(name: "markChanged"),
                genericParameters: ["Key: RawRepresentable"],
                parameters: [SwiftParameter(label: "_", name: "keys", type: "some Sequence<Key>")],
                whereClause: "Key.RawValue == String",
                body: ["for key in keys {", "    changedKeys.insert(key.rawValue)", "}"]
            )).documented(["Marks `keys` as set: `markChanged(JournalEntry.FieldKey.allCases)` makes saving write",
                           "every field, removing the values of those that are `nil`."]),
            typedKey("isChanged", ["Whether the field `key` was set since the model was created or read."],
                     "changedKeys.contains(key.rawValue)"),
            typedKey("wasRead", ["Whether the record the model was read from held a value for the field `key`."],
                     "readKeys.contains(key.rawValue)"),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: "writes"),
                parameters: [SwiftParameter(label: "_", name: "key", type: "String"),
                             SwiftParameter(name: "hasValue", type: "Bool")],
                returnType: "Bool", body: ["changedKeys.contains(key) || (isNew && hasValue)"]
            )).documented(["Whether saving writes the field whose CloudKit name is `key`, which holds a value or not."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isStatic: true, kind: .function(name: "=="),
                parameters: [SwiftParameter(label: "_", name: "lhs", type: "FieldChanges"),
                             SwiftParameter(label: "_", name: "rhs", type: "FieldChanges")],
                returnType: "Bool", body: ["true"]
            )).documented(["Always `true`: what saving would write never makes two models unequal."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: "hash"),
                parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")], body: []
            )).documented(["Hashes nothing, consistently with `==`."]),
        ]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "FieldChanges", conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented([
            "Which fields saving a model writes. A model read from a record writes only the fields set since, so",
            "that a model read from a partial fetch saves without erasing what was not fetched; a new model (and",
            "any model saved to a record the server does not have yet) writes every field that has a value; a",
            "field set to `nil` has its value removed.",
        ])
    }

    /// Lets models encoded before they tracked changes decode, as new models.
    private var fieldChangesDecoding: SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "KeyedDecodingContainer", members: [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                kind: .function(name: "decode"),
                parameters: [SwiftParameter(label: "_", name: "type", type: "\(namespace).FieldChanges.Type"),
                             SwiftParameter(label: "forKey", name: "key", type: "Key")],
                isThrowing: true, returnType: "\(namespace).FieldChanges",
                body: ["try decodeIfPresent(type, forKey: key) ?? \(namespace).FieldChanges()"]
            )).documented(["Decodes a model's field changes; a model encoded without them (by code generated before",
                           "models tracked changes) decodes as a new model."]),
        ]))
    }

    // MARK: - Record types

    private var database: SwiftDeclaration {
        SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "Database", conformances: ["String", "Sendable", "Hashable", "Codable", "CaseIterable"],
            members: Database.allCases.map { SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
                name: SwiftIdentifiers.escaped($0.rawValue))) }
        )).documented(["A CloudKit database of the container."])
    }

    private var recordTypeDescription: SwiftDeclaration {
        let properties: [(String, String, String)] = [
            ("name", "String", "The record type's name."),
            ("database", "Database?", "The database the schema keeps its records in; `nil` when it does not say."),
            ("zoneName", "String?", "The record zone the schema keeps its records in; `nil` for the default zone."),
        ]
        let members = Self.constants(properties, access: access, initializer: "Describes a record type.")
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "RecordTypeDescription", conformances: ["Sendable", "Hashable"], members: members
        )).documented(["A record type of the schema and where the schema says its records live."])
    }

    private var recordTypeList: SwiftDeclaration {
        let entries = recordTypes.map { type in
            "RecordTypeDescription(name: \(SwiftLiteral.string(type.name)), database: "
                + (type.metadata.database.map { "." + $0.rawValue } ?? "nil")
                + ", zoneName: \(type.metadata.zone.map(SwiftLiteral.string) ?? "nil")),"
        }
        return SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, isStatic: true, isConstant: true, name: "recordTypes", type: "[RecordTypeDescription]",
            initializer: entries.isEmpty ? "[]" : (["["] + entries.map { "    " + $0 } + ["]"]).joined(separator: "\n")
        )).documented(["Every record type of the schema, in its order, including CloudKit's own (such as",
                       "`cloudkit.share`), which get no model."])
    }

    // MARK: - RecordID

    private var recordID: SwiftDeclaration {
        let properties: [(String, String)] = [
            ("recordName", "The record's name, unique within its zone."),
            ("zoneName", "The name of the zone that holds the record."),
            ("ownerName", "The name of the user who owns the zone."),
        ]
        var members: [SwiftDeclaration] = properties.map { name, doc in
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: name, type: "String"))
                .documented([doc])
        }
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [
                SwiftParameter(name: "recordName", type: "String", defaultValue: "UUID().uuidString"),
                SwiftParameter(name: "zoneName", type: "String", defaultValue: SwiftLiteral.string("_defaultZone")),
                SwiftParameter(name: "ownerName", type: "String", defaultValue: SwiftLiteral.string("__defaultOwner__")),
            ],
            body: ["self.recordName = recordName", "self.zoneName = zoneName", "self.ownerName = ownerName"]
        )).documented([
            "Creates a record ID; by default a new UUID name in the current user's default zone",
            "(`CKRecordZone.ID.defaultZoneName`, `CKCurrentUserDefaultName`).",
        ]))
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false), genericParameters: ["Other"],
            parameters: [SwiftParameter(label: "_", name: "other", type: "RecordID<Other>")],
            body: ["self.init(recordName: other.recordName, zoneName: other.zoneName, ownerName: other.ownerName)"]
        )).documented(["Creates the same record ID typed for `Model`."]))
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "RecordID", genericParameters: ["Model"],
            conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented(["The identity of a record, typed by the model it belongs to: its name and its zone."])
    }

    private var anyRecord: SwiftDeclaration {
        SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: "AnyRecord"))
            .documented(["Stands for the target of a reference whose record type the schema does not name."])
    }

    private var recordIDConversions: SwiftDeclaration {
        conversions(
            extending: "RecordID",
            from: SwiftParameter(label: "_", name: "recordID", type: "CKRecord.ID"),
            initializer: (["recordName: recordID.recordName, zoneName: recordID.zoneID.zoneName,",
                           "ownerName: recordID.zoneID.ownerName"],
                          "Creates the ID of the record CloudKit identifies by `recordID`."),
            property: ("ckRecordID", "CKRecord.ID",
                       ["CKRecord.ID(recordName: recordName, zoneID: CKRecordZone.ID(zoneName: zoneName, ownerName: ownerName))"],
                       "The CloudKit record ID.")
        )
    }

    /// An extension of the support type `type` with `init(_:)` from its CloudKit counterpart (`arguments` are
    /// passed on to the memberwise initializer) and a computed property back to it.
    private func conversions(
        extending type: String, from parameter: SwiftParameter, initializer: (arguments: [String], doc: String),
        property: (name: String, type: String, getter: [String], doc: String)
    ) -> SwiftDeclaration {
        SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: "\(namespace).\(type)", members: [
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false), parameters: [parameter],
                body: ["self.init("] + initializer.arguments.map { "    " + $0 } + [")"]
            )).documented([initializer.doc]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, name: property.name, type: property.type, getter: property.getter
            )).documented([property.doc]),
        ]))
    }

    // MARK: - SystemFields

    private var systemFields: SwiftDeclaration {
        let properties: [(String, String, String)] = [
            ("changeTag", "String", "The server change tag: which version of the record these fields describe."),
            ("creationDate", "Date?", "When the server first saved the record."),
            ("modificationDate", "Date?", "When the server last saved the record."),
            ("archive", "Data", "The system fields as `CKRecord.encodeSystemFields(with:)` archived them."),
        ]
        var members = Self.constants(properties, access: access, initializer: "Creates the system fields of a saved record.")
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "=="),
            parameters: [SwiftParameter(label: "_", name: "lhs", type: "SystemFields"),
                         SwiftParameter(label: "_", name: "rhs", type: "SystemFields")],
            returnType: "Bool", body: ["lhs.changeTag == rhs.changeTag"]
        )).documented(["Whether both describe the same server version of a record (archives of equal fields may",
                       "differ byte for byte)."]))
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .function(name: "hash"),
            parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")],
            body: ["hasher.combine(changeTag)"]
        )).documented(["Hashes the change tag, consistently with `==`."]))
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "SystemFields", conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented([
            "The system fields of a record the server has saved: its change tag and dates, and their archive, from",
            "which a model rebuilds the record so that saving it carries the change tag and does not conflict.",
        ])
    }

    // MARK: - Location

    private static let locationProperties: [(name: String, type: String, defaultValue: String?, doc: String)] = [
        ("latitude", "Double", nil, "The latitude in degrees."),
        ("longitude", "Double", nil, "The longitude in degrees."),
        ("altitude", "Double", "0", "The altitude above mean sea level in meters."),
        ("horizontalAccuracy", "Double", "0", "The radius of uncertainty of the coordinate in meters; negative when invalid."),
        ("verticalAccuracy", "Double", "-1", "The accuracy of the altitude in meters; negative when invalid."),
        ("course", "Double", "-1", "The direction of travel in degrees from due north; negative when unknown."),
        ("speed", "Double", "-1", "The speed in meters per second; negative when unknown."),
        ("timestamp", "Date", "Date()", "When the location was determined."),
    ]

    private var location: SwiftDeclaration {
        var members: [SwiftDeclaration] = Self.locationProperties.map { property in
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: property.name, type: property.type))
                .documented([property.doc])
        }
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: Self.locationProperties.map {
                SwiftParameter(name: $0.name, type: $0.type, defaultValue: $0.defaultValue)
            },
            body: Self.locationProperties.map { "self.\($0.name) = \($0.name)" }
        )).documented([
            "Creates a location; the defaults are those Core Location gives a location made from a coordinate.",
        ]))
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "Location", conformances: ["Sendable", "Hashable", "Codable"], members: members
        )).documented(["A geographic location as CloudKit stores it (a `CLLocation`), as a value."])
    }

    private var locationConversions: SwiftDeclaration {
        conversions(
            extending: "Location",
            from: SwiftParameter(label: "_", name: "location", type: "CLLocation"),
            initializer: (["latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,",
                           "altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,",
                           "verticalAccuracy: location.verticalAccuracy, course: location.course, speed: location.speed,",
                           "timestamp: location.timestamp"],
                          "Creates the value of a Core Location location."),
            property: ("clLocation", "CLLocation", [
                "CLLocation(",
                "    coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: altitude,",
                "    horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,",
                "    speed: speed, timestamp: timestamp",
                ")",
            ], "The Core Location location CloudKit stores.")
        )
    }

    // MARK: - RecordError

    private var recordError: SwiftDeclaration {
        let cases: [(SwiftEnumCaseDeclaration, String)] = [
            (SwiftEnumCaseDeclaration(name: "wrongRecordType", associatedValues: ["expected: String", "found: String"]),
             "The record is of another record type."),
            (SwiftEnumCaseDeclaration(name: "missingField", associatedValues: ["recordType: String", "field: String"]),
             "A required field has no value."),
            (SwiftEnumCaseDeclaration(name: "wrongValueType",
                                      associatedValues: ["recordType: String", "field: String", "expected: String"]),
             "A field holds a value of another type than the schema declares."),
        ]
        var members: [SwiftDeclaration] = cases.map { SwiftDeclaration.enumCase($0.0).documented([$0.1]) }
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "description", type: "String",
            getter: [
                "switch self {",
                "case .wrongRecordType(let expected, let found):",
                "    \"expected a '\\(expected)' record, found a '\\(found)' record\"",
                "case .missingField(let recordType, let field):",
                "    \"'\\(recordType)' record has no value for required field '\\(field)'\"",
                "case .wrongValueType(let recordType, let field, let expected):",
                "    \"field '\\(field)' of '\\(recordType)' record does not hold a value of type \\(expected)\"",
                "}",
            ]
        )).documented(["A sentence naming the record type and the field."]))
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "RecordError",
            conformances: ["Error", "Sendable", "Hashable", "CustomStringConvertible"], members: members
        )).documented(["Why a record could not be read into a model."])
    }
}
