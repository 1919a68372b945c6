import CKSchemaCore

/// Translates the CloudKit entry point of conflict resolution: `CloudKitSchema.resolveConflicts(in:)` takes the
/// error of a failed save (`serverRecordChanged`, or a `partialFailure` holding some), pulls each conflict's
/// ancestor, server and client records out of its user info, dispatches on the record type to the model's
/// `resolveConflict`, and returns the server records with the merged values written onto them.
struct ConflictResolverTranslator {
    let models: [ModelPlan]
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// `extension CloudKitSchema { … }`, for platforms with CloudKit.
    var declaration: SwiftDeclaration {
        let availability = models.contains(where: \.usesEncryptedValues)
            ? [RecordAccessTranslator.encryptedValuesAvailability] : []
        let dispatch = models.map { model in
            "case \(SwiftIdentifiers.escaped(model.typeName)).recordType: try \(SwiftIdentifiers.escaped(model.typeName))"
                + ".resolveConflict(ancestor: ancestor, server: server, client: client).map(\\.rawValue)"
        }
        let members: [SwiftDeclaration] = [
            resolution, unresolvedConflict, clientVersion, keysWritten,
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, isStatic: true, kind: .function(name: "resolveConflicts"),
                parameters: [SwiftParameter(label: "in", name: "error", type: "any Error")],
                returnType: "ConflictResolution?",
                body: [
                    "guard let error = error as? CKError else { return nil }",
                    "var resolution = ConflictResolution()",
                    "switch error.code {",
                    "case .serverRecordChanged:",
                    "    resolve(error, into: &resolution)",
                    "case .partialFailure:",
                    "    var holdsConflict = false",
                    "    for (itemID, itemError) in error.partialErrorsByItemID ?? [:] {",
                    "        if let conflict = itemError as? CKError, conflict.code == .serverRecordChanged {",
                    "            holdsConflict = true",
                    "            resolve(conflict, into: &resolution)",
                    "        } else {",
                    "            resolution.otherErrors[itemID] = itemError",
                    "        }",
                    "    }",
                    "    // A partial failure without a conflict is not this resolver's: the caller rethrows it.",
                    "    if !holdsConflict { return nil }",
                    "default:",
                    "    return nil",
                    "}",
                    "return resolution",
                ]
            )).documented([
                "Resolves the conflicts of a failed save: a `serverRecordChanged` error, or each one inside a",
                "`partialFailure`. Each conflict's records come from the error's user info",
                "(`CKRecordChangedErrorAncestorRecordKey`, `…ServerRecordKey`, `…ClientRecordKey`); the model of its",
                "record type merges them and writes the merged values onto the server's record, which carries the",
                "server's change tag, so that saving `recordsToSave` succeeds unless the record changed again.",
                "",
                "Returns `nil` for an error that holds no conflict (a `partialFailure` none of whose items is a",
                "`serverRecordChanged` included): rethrow it. Conflicts over record types without a model, and",
                "records that do not read, are left in `unresolved`; other errors of a partial failure in `otherErrors`.",
            ]).attributed(availability),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "resolve"),
                parameters: [SwiftParameter(label: "_", name: "conflict", type: "CKError"),
                             SwiftParameter(label: "into", name: "resolution", type: "inout ConflictResolution")],
                body: [
                    "guard let server = conflict.userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord,",
                    "      let client = conflict.userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord else {",
                    "    resolution.unresolved.append(UnresolvedConflict(error: conflict, reason: .recordsMissing))",
                    "    return",
                    "}",
                    "let ancestor = conflict.userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord",
                    "do {",
                    "    guard let fields = try mergedFields(ancestor: ancestor, server: server, client: client) else {",
                    "        resolution.unresolved.append(UnresolvedConflict(error: conflict, reason: .unknownRecordType))",
                    "        return",
                    "    }",
                    "    resolution.recordsToSave.append(server)",
                    "    resolution.conflictedFields[server.recordID] = fields",
                    "} catch {",
                    "    resolution.unresolved.append(UnresolvedConflict(error: conflict, reason: .unreadableRecord(error)))",
                    "}",
                ]
            )).documented(["Resolves one `serverRecordChanged` error into `resolution`."]).attributed(availability),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: .private, isStatic: true, kind: .function(name: "mergedFields"),
                parameters: [SwiftParameter(name: "ancestor", type: "CKRecord?"), SwiftParameter(name: "server", type: "CKRecord"),
                             SwiftParameter(name: "client", type: "CKRecord")],
                isThrowing: true, returnType: "[String]?",
                body: ["switch server.recordType {"] + dispatch + ["default: nil", "}"]
            )).documented(["Merges the records with the model of their type; `nil` for a type without a model."])
                .attributed(availability),
        ]
        return .extension(SwiftExtensionDeclaration(extendedType: namespace, members: members))
    }

    private var clientVersion: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "clientVersion"),
            parameters: [SwiftParameter(label: "of", name: "client", type: "CKRecord"),
                         SwiftParameter(label: "over", name: "base", type: "CKRecord")],
            returnType: "CKRecord",
            body: [
                "guard let version = base.copy() as? CKRecord else { return client }",
                "var encryptedKeys: Set<String> = []",
                "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                "    encryptedKeys = Set(client.encryptedValues.allKeys() + client.encryptedValues.changedKeys())",
                "    for key in encryptedKeys {",
                "        version.encryptedValues.setObject(client.encryptedValues.object(forKey: key), forKey: key)",
                "    }",
                "}",
                "for key in keysWritten(by: client).subtracting(encryptedKeys) {",
                "    version.setObject(client.object(forKey: key), forKey: key)",
                "}",
                "return version",
            ]
        )).documented([
            "This device's side of a conflict as a whole record: `base` (the ancestor, else the server's record) with",
            "the values `client` holds or changed. A record a model writes holds only the fields set since it was read",
            "(saves never erase what was not read), so the fields it lacks count as unchanged, not as removed.",
        ])
    }

    private var keysWritten: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "keysWritten"),
            parameters: [SwiftParameter(label: "by", name: "client", type: "CKRecord")],
            returnType: "Set<String>",
            body: [
                "var keys = Set(client.allKeys() + client.changedKeys())",
                "if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {",
                "    keys.formUnion(client.encryptedValues.allKeys() + client.encryptedValues.changedKeys())",
                "}",
                "return keys",
            ]
        )).documented([
            "The fields this device's record of a conflict speaks for: those it holds, and those it changed — a field",
            "set to `nil` is no longer held but is listed in `changedKeys()`: a removal, not a field left unseen.",
        ])
    }

    private var resolution: SwiftDeclaration {
        let property = { (name: String, type: String, initializer: String, doc: [String]) in
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: name, type: type, initializer: initializer))
                .documented(doc)
        }
        return SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "ConflictResolution", members: [
            property("recordsToSave", "[CKRecord]", "[]",
                     ["The server's records with the merged values written onto them: save these. They carry the",
                      "server's change tags; a save that conflicts again is resolved the same way."]),
            property("conflictedFields", "[CKRecord.ID: [String]]", "[:]",
                     ["For each merged record, the fields both sides had changed, which their merge policies decided."]),
            property("unresolved", "[UnresolvedConflict]", "[]",
                     ["The conflicts left to the app (their records are in each error's user info)."]),
            property("otherErrors", "[AnyHashable: any Error]", "[:]",
                     ["The other errors of a partial failure, by item ID. In an atomic zone, the records that were not",
                      "saved because of a conflict fail with `batchRequestFailed`: save them again with `recordsToSave`."]),
        ])).documented(["What resolving the conflicts of a failed save gave."])
    }

    private var unresolvedConflict: SwiftDeclaration {
        SwiftDeclaration.struct(SwiftTypeDeclaration(access: access, name: "UnresolvedConflict", members: [
            SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: "Reason", members: [
                SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "unknownRecordType"))
                    .documented(["The record type has no model (CloudKit's own types such as `cloudkit.share`, or a type",
                                 "the schema does not declare): nothing was merged."]),
                SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "recordsMissing"))
                    .documented(["The error lacks the server's or the client's record."]),
                SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "unreadableRecord", associatedValues: ["any Error"]))
                    .documented(["A record does not read into its model (`RecordError`): the server's record is unchanged."]),
            ])).documented(["Why a conflict was not resolved."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "error", type: "CKError"))
                .documented(["The `serverRecordChanged` error, with the conflict's records in its user info."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: "reason", type: "Reason"))
                .documented(["Why it was not resolved."]),
        ])).documented(["A conflict `resolveConflicts(in:)` left to the app."])
    }
}
