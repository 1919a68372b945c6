import CKSchemaCore

/// Translates one model's merge: the pure `merge(ancestor:server:client:)` (every platform), one `Merger` call
/// per field with its policy (`merger.latest(\.title, "title", into: &merged)`), and under CloudKit
/// `resolveConflict(ancestor:server:client:)`, which reads the three records of a conflict, merges them and
/// writes the merged values onto the server's record.
struct MergeTranslator {
    let plan: ModelPlan
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    private var typeName: String { SwiftIdentifiers.escaped(plan.typeName) }

    /// The fields a merge decides: deprecated fields are never written and CloudKit maintains its own, so both
    /// keep the server's value.
    private var mergedFields: [FieldPlan] { plan.fields.filter { $0.storage == .tracked } }

    /// `extension Model { static func merge(ancestor:server:client:) }`, for every platform.
    var declaration: SwiftDeclaration {
        let usesClock = mergedFields.contains { $0.mergePolicy == .latest }
        // A clock field the client never saw (a partial fetch) is the ancestor's clock: the merger needs its name.
        let clock = plan.mergeClock.map { property in
            "{ $0.\(property) }, clockKey: " + SwiftLiteral.string(plan.recordType.metadata.mergeClock ?? property)
        } ?? "{ $0.cloudKitSystemFields?.modificationDate }"
        let start = [
            "var merger = \(namespace).Merger<\(typeName)>(",
            "    ancestor: ancestor, server: server, client: client" + (usesClock ? ", clock: \(clock)" : ""),
            ")",
        ]
        // A key path with an inferred root and the CloudKit name as a string: the cheapest form for the type checker
        // (the `FieldKey` case or an explicit root costs more; see the performance section of docs/generators.md).
        let calls = mergedFields.map { field in
            let code = FieldCode(plan: field, namespace: namespace)
            return "merger.\(Self.method(for: field))(\\.\(code.propertyName), \(code.changeKey), into: &merged)"
        }
        let function = SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "merge"),
            parameters: [SwiftParameter(name: "ancestor", type: "\(typeName)?"),
                         SwiftParameter(name: "server", type: typeName), SwiftParameter(name: "client", type: typeName)],
            returnType: "\(namespace).MergeResult<\(typeName)>",
            body: mergedFields.isEmpty
                ? ["let" + start[0].dropFirst(3)] + start.dropFirst() + ["return merger.result(server)"]
                : start + ["var merged = server"] + calls + ["return merger.result(merged)"]
        )).documented(documentation)
        return .extension(SwiftExtensionDeclaration(extendedType: typeName, members: [function]))
    }

    /// `resolveConflict(ancestor:server:client:)`, a member of the model's CloudKit extension.
    var cloudKitMember: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isStatic: true, kind: .function(name: "resolveConflict"),
            parameters: [SwiftParameter(name: "ancestor", type: "CKRecord?"), SwiftParameter(name: "server", type: "CKRecord"),
                         SwiftParameter(name: "client", type: "CKRecord")],
            isThrowing: true, returnType: "[FieldKey]",
            body: plan.hasMigrations ? migratingResolution : [
                "var clientSide = try Self(record: \(namespace).clientVersion(of: client, over: ancestor ?? server))",
                "// The fields the client's record holds or changed are its side, a removal included.",
                "for key in \(namespace).keysWritten(by: client) { clientSide.cloudKitChanges.mark(key) }",
                "let result = merge(",
                "    ancestor: try ancestor.map(Self.init(record:)), server: try Self(record: server), client: clientSide",
                ")",
                "result.model.write(to: server)",
                "return result.conflicts",
            ]
        )).documented([
            "Merges the records of a conflicting save with `merge(ancestor:server:client:)` and writes the merged",
            "values onto `server`, which keeps the server's change tag: save `server` next. Returns the fields both",
            "sides had changed. `ancestor` may be `nil` (see `merge`). `client` may hold only the fields this device",
            "set (`makeRecord()` writes no others): the rest count as unchanged on this device, while a field it",
            "removed (set to `nil`, listed in its `changedKeys()`) counts as removed. `server` is whole: a field it",
            "lacks was removed there (or never set).", "",
            "- Throws: `\(namespace).RecordError` when one of the records does not read; `server` is then unchanged.",
        ])
    }

    /// `resolveConflict`'s body for a model with fields that replaced others: each side reads from a version of its
    /// record in which a field and the one it replaced count as one (`migratedVersions`).
    private var migratingResolution: [String] {
        [
            "let pairs = cloudKitMigratedKeys.map { ($0.key.rawValue, $0.value.rawValue) }",
            "let versions = \(namespace).migratedVersions(ancestor: ancestor, server: server, client: client, migratedKeys: pairs)",
            "var clientSide = try Self(record: versions.client)",
            "// The fields the client's record holds or changed are its side, a removal included.",
            "for key in \(namespace).keysWritten(by: client) { clientSide.cloudKitChanges.mark(key) }",
            "let result = merge(",
            "    ancestor: try ancestor.map(Self.init(record:)), server: try Self(record: versions.server), client: clientSide",
            ")",
            "result.model.write(to: server)",
            "return result.conflicts",
        ]
    }

    /// The `Merger` method of a field's policy. Each method has one signature, never overloads: the type checker
    /// would try every overload of each call. A non-optional property's list or number has its own method.
    static func method(for field: FieldPlan) -> String {
        let nonOptional = field.isOptional ? "" : "NonOptional"
        switch field.mergePolicy {
        case .server: return "serverWins"
        case .client: return "clientWins"
        case .latest: return "latest"
        case .union: return "union" + nonOptional
        case .max: return "maximum" + nonOptional
        case .min: return "minimum" + nonOptional
        case .sum: return (field.kind == .double ? "sumDouble" : "sum") + nonOptional
        }
    }

    private var documentation: [String] {
        let name = plan.recordType.name
        var lines = [
            "Merges three versions of \(SwiftIdentifiers.article(for: name)) `\(name)` record, field by field: a field changed on one",
            "side only takes that side's value; a field both sides changed follows its merge policy. With no",
            "`ancestor` (a record this device created), every field whose sides differ counts as changed on both.",
            "`server` is the server's whole current version (a field it lacks was removed there); `client` counts",
            "only the fields it read or set (a field a partial fetch did not bring is unchanged, one set to `nil`",
            "is removed).",
            "",
        ]
        let defaultPolicy = plan.recordType.metadata.mergeDefault ?? .implicitDefault
        let clock = plan.recordType.metadata.mergeClock.map { "`\($0)`" } ?? "the records' modification dates"
        let describe = { (policy: MergePolicy) in "`\(policy.rawValue)`" + (policy == .latest ? " (by \(clock))" : "") }
        lines.append("Policies: \(describe(defaultPolicy)) unless listed here.")
        for policy in MergePolicy.allCases where policy != defaultPolicy {
            let names = mergedFields.filter { $0.mergePolicy == policy }.map { "`\($0.field.name)`" }
            if !names.isEmpty { lines.append("- \(describe(policy)): \(names.joined(separator: ", "))") }
        }
        return lines
    }
}
