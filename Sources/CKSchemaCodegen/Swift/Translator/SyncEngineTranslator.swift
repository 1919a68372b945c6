import CKSchemaCore

/// Translates the typed `CKSyncEngine` layer: `CloudKitSchema.AnyModelID` (deletions as typed IDs), the
/// `AnyModel` members a delegate needs (`typedID`, `didSave(_:)`, `markChanged(_:)`, `forgetSystemFields()`),
/// the schema's zones as `CKRecordZone`s, `FetchedChanges` (a fetch read into models), `SentChanges` (a send's
/// outcome: conflicts merged by the schema's policies, zones to create, what to queue again) and the
/// `nextRecordZoneChangeBatch` helper. See docs/sync-engine.md.
///
/// Emitted when some record type with a model may live in a database `CKSyncEngine` syncs: the private or shared
/// database, or one the schema does not name. A schema of public-database types only gets none.
struct SyncEngineTranslator {
    let models: [ModelPlan]
    let recordTypes: [RecordType]
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// `@available` of `CKSyncEngine`.
    static let availability = "@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)"

    /// Whether the schema gets the layer.
    var isEmitted: Bool {
        let synced = Set(recordTypes.filter { $0.metadata.database != .public }.map(\.name))
        return models.contains { synced.contains($0.recordType.name) }
    }

    /// The zones of the private database the schema names, in schema order.
    var zoneNames: [String] {
        var names: [String] = []
        for type in recordTypes where type.metadata.database != .public && type.metadata.database != .shared {
            if let zone = type.metadata.zone, zone != "_defaultZone", !names.contains(zone) { names.append(zone) }
        }
        return names
    }

    /// The declarations, for platforms with CloudKit; none when the layer is not emitted.
    var declarations: [SwiftDeclaration] {
        guard isEmitted else { return [] }
        return [
            .extension(SwiftExtensionDeclaration(extendedType: namespace, members: [anyModelID] + zones + [unsavedCopy])),
            .extension(SwiftExtensionDeclaration(extendedType: namespace + ".FieldChanges", members: [savedChanges])),
            .extension(SwiftExtensionDeclaration(extendedType: namespace + ".AnyModel", members: anyModelMembers)),
            .extension(SwiftExtensionDeclaration(extendedType: namespace, members: [
                fetchedChanges, unreadableRecord, SyncEngineOutcomeTranslator(namespace: namespace, access: access).sentChanges, nextBatch,
            ])),
        ]
    }

    private func cases(_ line: (String, String) -> String) -> [String] {
        models.map { line(SwiftIdentifiers.escaped($0.anyModelCaseName), SwiftIdentifiers.escaped($0.typeName)) }
    }

    private var anyModelID: SwiftDeclaration {
        var members: [SwiftDeclaration] = models.map { model in
            SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
                name: SwiftIdentifiers.escaped(model.anyModelCaseName),
                associatedValues: [SwiftIdentifiers.escaped(model.typeName) + ".ID"]
            )).documented(["The ID of \(SwiftIdentifiers.article(for: model.recordType.name)) `\(model.recordType.name)` record."])
        }
        members.append(SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
            name: "unknown", associatedValues: ["CKRecord.ID", "recordType: String"]
        )).documented(["The ID of a record of a type without a model, with its record type."]))
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [SwiftParameter(name: "recordID", type: "CKRecord.ID"), SwiftParameter(name: "recordType", type: "String")],
            body: ["switch recordType {"]
                + cases { "case \($1).recordType: self = .\($0)(\($1).ID(recordID))" }
                + ["default: self = .unknown(recordID, recordType: recordType)", "}"]
        )).documented(["The typed ID of the record `recordID` of `recordType`."]))
        members.append(SwiftDeclaration.property(SwiftPropertyDeclaration(
            access: access, name: "ckRecordID", type: "CKRecord.ID",
            getter: ["switch self {"] + cases { name, _ in "case .\(name)(let id): id.ckRecordID" }
                + ["case .unknown(let id, _): id", "}"]
        )).documented(["The CloudKit record ID."]))
        return SwiftDeclaration.enum(SwiftTypeDeclaration(
            access: access, name: "AnyModelID", conformances: ["Sendable", "Hashable"], members: members
        )).documented(["The ID of a record of any type, typed by its model: how a `CKSyncEngine` fetch reports a deletion."])
    }

    private var zones: [SwiftDeclaration] {
        let list = zoneNames.map { "CKRecordZone(zoneName: \(SwiftLiteral.string($0)))" }.joined(separator: ", ")
        return [
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, isStatic: true, name: "recordZones", type: "[CKRecordZone]", getter: ["[\(list)]"]
            )).documented([
                "The record zones the schema keeps private-database records in (the default zone needs none): queue them",
                "on the first start, `syncEngine.state.add(pendingDatabaseChanges: recordZones.map { .saveZone($0) })`.",
            ]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isStatic: true, kind: .function(name: "isRecordZone"),
                parameters: [SwiftParameter(label: "_", name: "zoneID", type: "CKRecordZone.ID")], returnType: "Bool",
                body: ["zoneID.ownerName == CKCurrentUserDefaultName && recordZones.contains { $0.zoneID.zoneName == zoneID.zoneName }"]
            )).documented(["Whether `zoneID` is one of the schema's zones of the current user, which may be created again."]),
        ]
    }

    private var savedChanges: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "saved"),
            parameters: [SwiftParameter(label: "_", name: "changes", type: "Self")], returnType: "Self",
            body: ["Self(readKeys: changes.readKeys.union(changes.changedKeys))"]
        )).documented(["The changes of a model once the server saved it: what it wrote counts as read, nothing as set."])
    }

    private var unsavedCopy: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "unsavedCopy"),
            parameters: [SwiftParameter(label: "of", name: "record", type: "CKRecord")], returnType: "CKRecord",
            body: [
                "let copy = CKRecord(recordType: record.recordType, recordID: record.recordID)",
                "for key in record.allKeys() { copy.setObject(record.object(forKey: key), forKey: key) }",
                "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                "    for key in record.encryptedValues.allKeys() {",
                "        copy.encryptedValues.setObject(record.encryptedValues.object(forKey: key), forKey: key)",
                "    }",
                "}",
                "return copy",
            ]
        )).documented(["A record with the values of `record` and no system fields: saving it creates the record anew."])
    }

    private var anyModelMembers: [SwiftDeclaration] {
        let availability = [Self.availability]
        return [
            SwiftDeclaration.property(SwiftPropertyDeclaration(
                access: access, name: "typedID", type: "\(namespace).AnyModelID",
                getter: ["switch self {"] + cases { name, _ in "case .\(name)(let model): .\(name)(model.recordID)" }
                    + ["case .unknown(let record): .unknown(record.recordID, recordType: record.recordType)", "}"]
            )).documented(["The typed ID of the record."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isMutating: true, kind: .function(name: "didSave"),
                parameters: [SwiftParameter(label: "_", name: "record", type: "CKRecord")],
                body: [
                    "let fields = (try? \(namespace).RecordReader(record, recordType: record.recordType))?.systemFields",
                    "switch self {",
                ] + cases { name, _ in "case .\(name)(var model): model.cloudKitSystemFields = fields; model.cloudKitChanges = .saved(model.cloudKitChanges); self = .\(name)(model)" }
                    + ["case .unknown: self = .unknown(record)", "}"]
            )).documented([
                "Takes the system fields of the record the server saved (its new change tag) and forgets the saved",
                "changes; the field values stay as they are (the saved record holds only the fields the save wrote).",
            ]).attributed(availability),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isMutating: true, kind: .function(name: "markChanged"),
                parameters: [SwiftParameter(label: "_", name: "keys", type: "Set<String>")],
                body: ["switch self {"]
                    + cases { name, _ in "case .\(name)(var model): model.cloudKitChanges.changedKeys.formUnion(keys); self = .\(name)(model)" }
                    + ["case .unknown: break", "}"]
            )).documented(["Marks the fields whose CloudKit names are `keys` as set, so that saving writes them."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isMutating: true, kind: .function(name: "forgetSystemFields"),
                body: ["switch self {"]
                    + cases { name, _ in "case .\(name)(var model): model.cloudKitSystemFields = nil; self = .\(name)(model)" }
                    + ["case .unknown(let record): self = .unknown(\(namespace).unsavedCopy(of: record))", "}"]
            )).documented([
                "Forgets the system fields, so that the next save creates the record anew with every field that has a",
                "value: for a record whose zone was deleted, or that the server no longer has.",
            ]).attributed(availability),
        ]
    }

    private var unreadableRecord: SwiftDeclaration {
        SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "UnreadableRecord", members: [
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "record", type: "CKRecord"))
                .documented(["The record, as the server sent it: keep it, or fetch it again once the app reads it."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "error", type: "any Error"))
                .documented(["Why it does not read (`RecordError`: a required field is missing, a value has the wrong type)."]),
        ])).documented(["A record of a type the schema declares that does not read into its model."])
    }

    private var fetchedChanges: SwiftDeclaration {
        let property = { (name: String, type: String, doc: [String]) in
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: name, type: type, initializer: "[]"))
                .documented(doc)
        }
        return SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "FetchedChanges", members: [
            property("modifications", "[AnyModel]", [
                "The records created or modified on the server, read into their models, with their system fields;",
                "records of types without a model as `.unknown`: keep them, and save them back unchanged.",
            ]),
            property("deletions", "[AnyModelID]", ["The records deleted on the server, as typed IDs."]),
            property("unreadable", "[UnreadableRecord]", [
                "The records that do not read into their models: reported, never dropped.",
            ]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(label: "_", name: "event", type: "CKSyncEngine.Event.FetchedRecordZoneChanges")],
                body: [
                    "for modification in event.modifications {",
                    "    do {",
                    "        modifications.append(try AnyModel(record: modification.record))",
                    "    } catch {",
                    "        unreadable.append(UnreadableRecord(record: modification.record, error: error))",
                    "    }",
                    "}",
                    "deletions = event.deletions.map { AnyModelID(recordID: $0.recordID, recordType: $0.recordType) }",
                ]
            )).documented(["Reads the records of a `fetchedRecordZoneChanges` event."]),
        ])).documented([
            "What a `CKSyncEngine` fetch changed, typed: apply `modifications` and `deletions` to the local store.",
        ]).attributed([Self.availability])
    }

    private var nextBatch: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "nextRecordZoneChangeBatch"),
            parameters: [
                SwiftParameter(label: "_", name: "context", type: "CKSyncEngine.SendChangesContext"),
                SwiftParameter(name: "syncEngine", type: "CKSyncEngine"),
                SwiftParameter(name: "model", type: "@Sendable (CKRecord.ID) async -> AnyModel?"),
            ],
            isAsync: true, returnType: "CKSyncEngine.RecordZoneChangeBatch?",
            body: [
                "let changes = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }",
                "return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: changes) { recordID in",
                "    guard let model = await model(recordID) else {",
                "        // Deleted locally since the save was queued: nothing to send.",
                "        syncEngine.state.remove(pendingRecordZoneChanges: [.saveRecord(recordID)])",
                "        return nil",
                "    }",
                "    return model.makeRecord()",
                "}",
            ]
        )).documented([
            "The next batch for `CKSyncEngineDelegate.nextRecordZoneChangeBatch(_:syncEngine:)`: the engine's pending",
            "changes within the context's scope, each save's record made by its model (`model(recordID)`, the local",
            "store's model of that record), so that it carries the model's change tag and writes only the fields set",
            "since it was read. A save whose model is gone is dropped from the engine's state.",
        ]).attributed([Self.availability])
    }
}
