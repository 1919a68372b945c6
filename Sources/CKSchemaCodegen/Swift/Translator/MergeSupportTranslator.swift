import CKSchemaCore

/// Translates the shared merge support: `MergeResult`, the three-way `Merger` that generated
/// `merge(ancestor:server:client:)` functions drive one field at a time, each call naming the field by a key path
/// and its CloudKit name (the form that costs the type checker least, see docs/generators.md). Declared for every platform, so that merges run (and are tested) without CloudKit.
struct MergeSupportTranslator {
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// The members of the namespace enum.
    var namespaceMembers: [SwiftDeclaration] {
        [mergeResult, merger]
    }

    private var mergeResult: SwiftDeclaration {
        SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "MergeResult", genericParameters: ["Model: RecordModel & Sendable"],
            conformances: ["Sendable"], members: [
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "model", type: "Model"))
                    .documented(["The server's version with the merged values set: it keeps the server's system fields",
                                 "(change tag), and saving it writes exactly the fields whose value differs from the server's."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "conflicts", type: "[Model.FieldKey]"))
                    .documented(["The fields both sides changed to different values, which their merge policies decided."]),
                SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, name: "clamped", type: "[Model.FieldKey]",
                                                                   initializer: "[]"))
                    .documented(["The `sum` fields whose exact result lies outside INT64's range and was clamped to its",
                                 "nearest bound (a result that fits is never clamped)."]),
            ]
        )).documented(["The result of merging the two sides of a conflicting save."])
    }

    // MARK: - Merger

    private var merger: SwiftDeclaration {
        var members: [SwiftDeclaration] = [
            constant("ancestor", "Model?", "The version both sides started from; `nil` when unknown."),
            constant("server", "Model", "The server's version."),
            constant("client", "Model", "This device's version."),
            constant("clientIsLater", "Bool", "Whether this device's clock is newer than the server's (`latest`); ties go to the server."),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: .private, name: "conflicts", type: "[Model.FieldKey]",
                                                               initializer: "[]"))
                .documented(["The fields a policy decided so far."]),
            SwiftDeclaration.property(SwiftPropertyDeclaration(access: .private, name: "clamped", type: "[Model.FieldKey]",
                                                               initializer: "[]"))
                .documented(["The `sum` fields clamped to INT64's range so far."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .initializer(isFailable: false),
                parameters: [SwiftParameter(name: "ancestor", type: "Model?"), SwiftParameter(name: "server", type: "Model"),
                             SwiftParameter(name: "client", type: "Model"),
                             SwiftParameter(name: "clock", type: "(Model) -> Date?", defaultValue: "{ _ in nil }"),
                             SwiftParameter(name: "clockKey", type: "String?", defaultValue: "nil")],
                body: [
                    "self.ancestor = ancestor",
                    "self.server = server",
                    "self.client = client",
                    "// This device's clock is its side's: the ancestor's when it never saw the clock field.",
                    "var clientClock = clock(client)",
                    "if let clockKey, let ancestor, !Self.knows(client, clockKey) { clientClock = clock(ancestor) }",
                    "if let clientTime = clientClock {",
                    "    self.clientIsLater = clock(server).map { clientTime > $0 } ?? true",
                    "} else {",
                    "    self.clientIsLater = false",
                    "}",
                ]
            )).documented(["Starts merging; `latest` compares `clock`, the field `clockKey` (a side without a value is",
                           "older, so a cleared clock loses)."]),
            SwiftDeclaration.function(SwiftFunctionDeclaration(
                access: access, kind: .function(name: "result"),
                parameters: [SwiftParameter(label: "_", name: "merged", type: "Model")],
                returnType: "MergeResult<Model>", body: ["MergeResult(model: merged, conflicts: conflicts, clamped: clamped)"]
            )).documented(["The result: `merged` (the server's version with the values the policies returned set) and the",
                           "fields a policy decided."]),
        ]
        let equatable = "Value: Equatable"
        members += [
            policy("serverWins", equatable, "Value", body: "merge(field, key, into: &merged) { _, server, _ in server }",
                   doc: "`server`: the server's value wins."),
            policy("clientWins", equatable, "Value", body: "merge(field, key, into: &merged) { _, _, client in client }",
                   doc: "`client`: this device's value wins."),
            policy("latest", equatable, "Value",
                   body: "let clientIsLater = self.clientIsLater\nmerge(field, key, into: &merged) { _, server, client in clientIsLater ? client : server }",
                   doc: "`latest`: the value of the side whose clock is newer."),
            policy("union", "Element: Hashable", "[Element]?", body: """
                merge(field, key, into: &merged) { ancestor, server, client in
                    let elements = Self.union(ancestor: ancestor ?? nil, server ?? [], client ?? [])
                    return elements.isEmpty && (server == nil || client == nil) ? nil : elements
                }
                """, doc: "`union`: both sides' additions and removals."),
            policy("unionNonOptional", "Element: Hashable", "[Element]",
                   body: "merge(field, key, into: &merged) { ancestor, server, client in Self.union(ancestor: ancestor, server, client) }",
                   doc: "`union`: both sides' additions and removals."),
        ]
        for (name, function) in [("maximum", "max"), ("minimum", "min")] {
            members += [
                policy(name + "NonOptional", "Value: Comparable", "Value", body: "merge(field, key, into: &merged) { _, server, client in Swift.\(function)(server, client) }",
                       doc: "`\(function)`: the \(function == "max" ? "larger" : "smaller") value."),
                policy(name, "Value: Comparable", "Value?", body: """
                    merge(field, key, into: &merged) { _, server, client in
                        guard let server else { return client }
                        guard let client else { return server }
                        return Swift.\(function)(server, client)
                    }
                    """, doc: "`\(function)`: the \(function == "max" ? "larger" : "smaller") value; a missing value never wins."),
            ]
        }
        members += [
            policy("sumNonOptional", nil, "Int64", body: """
                mergeCounter(field, key, into: &merged) { ancestor, server, client in Self.sum(server, client, ancestor ?? 0) }
                """, doc: "`sum`: server + client − ancestor (a missing ancestor counts as zero)."),
            policy("sum", nil, "Int64?", body: """
                mergeCounter(field, key, into: &merged) { ancestor, server, client in
                    let total = Self.sum(server ?? 0, client ?? 0, (ancestor ?? nil) ?? 0)
                    return (total.value, total.clamped)
                }
                """, doc: "`sum`: server + client − ancestor, a missing or removed value counting as zero."),
            policy("sumDoubleNonOptional", nil, "Double", body: "merge(field, key, into: &merged) { ancestor, server, client in server + client - (ancestor ?? 0) }",
                   doc: "`sum`: server + client − ancestor (a missing ancestor counts as zero)."),
            policy("sumDouble", nil, "Double?", body: """
                merge(field, key, into: &merged) { ancestor, server, client in
                    (server ?? 0) + (client ?? 0) - ((ancestor ?? nil) ?? 0)
                }
                """, doc: "`sum`: server + client − ancestor, a missing or removed value counting as zero."),
            threeWay, counter, side, union, integerSum,
        ]
        return SwiftDeclaration.struct(SwiftTypeDeclaration(
            access: access, name: "Merger", genericParameters: ["Model: RecordModel & Sendable"], members: members
        )).documented([
            "Merges three versions of a model one field at a time, three-way: a field changed on one side only",
            "takes that side's value, whatever its policy; the policy decides only the fields both sides changed",
            "to different values. Without an ancestor every field whose sides differ counts as changed on both.",
        ])
    }

    private func constant(_ name: String, _ type: String, _ doc: String) -> SwiftDeclaration {
        SwiftDeclaration.property(SwiftPropertyDeclaration(access: access, isConstant: true, name: name, type: type))
            .documented([doc])
    }

    private func policy(_ name: String, _ generic: String?, _ value: String, body: String, doc: String) -> SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, isMutating: true, kind: .function(name: name), genericParameters: generic.map { [$0] } ?? [],
            parameters: [SwiftParameter(label: "_", name: "field", type: "WritableKeyPath<Model, \(value)>"),
                         SwiftParameter(label: "_", name: "key", type: "String"),
                         SwiftParameter(label: "into", name: "merged", type: "inout Model")],
            body: body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        )).documented([doc, "Merges the field `field`, whose CloudKit name is `key`, into `merged`."])
    }

    private var threeWay: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isMutating: true, kind: .function(name: "merge"), genericParameters: ["Value: Equatable"],
            parameters: [SwiftParameter(label: "_", name: "field", type: "WritableKeyPath<Model, Value>"),
                         SwiftParameter(label: "_", name: "key", type: "String"),
                         SwiftParameter(label: "into", name: "merged", type: "inout Model"),
                         SwiftParameter(name: "decide", type: "(_ ancestor: Value?, _ server: Value, _ client: Value) -> Value")],
            body: [
                "let serverValue = server[keyPath: field]",
                "let clientValue = client[keyPath: field]",
                "// `nil` only without an ancestor (`Value` is generic, so an optional field's `nil` stays a value).",
                "let ancestorValue = ancestor?[keyPath: field]",
                "// The server's version is whole (a field it lacks was removed there); this device's holds only what",
                "// it read or set, so a field it never saw keeps the ancestor's value.",
                "let serverSide = serverValue",
                "let clientSide = Self.knows(client, key) ? clientValue : ancestorValue ?? clientValue",
                "guard serverSide != clientSide else { return }",
                "let decided: Value",
                "if ancestorValue == serverSide {",
                "    decided = clientSide",
                "} else if ancestorValue == clientSide {",
                "    decided = serverSide",
                "} else {",
                "    if let fieldKey = Model.FieldKey(rawValue: key) { conflicts.append(fieldKey) }",
                "    decided = decide(ancestorValue, serverSide, clientSide)",
                "}",
                "// Setting only a value that differs from the server's marks exactly the fields saving must write.",
                "if decided != serverValue { merged[keyPath: field] = decided }",
            ]
        )).documented([
            "The three-way rule for one field: equal sides stay; a side equal to the ancestor takes the other",
            "side's value; `decide` settles the rest. A removal (`nil`) is a value like any other: a field removed on",
            "one side only stays removed. Sets the merged value on `merged` when it differs from the server's.",
        ])
    }

    private var counter: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isMutating: true, kind: .function(name: "mergeCounter"), genericParameters: ["Value: Equatable"],
            parameters: [SwiftParameter(label: "_", name: "field", type: "WritableKeyPath<Model, Value>"),
                         SwiftParameter(label: "_", name: "key", type: "String"),
                         SwiftParameter(label: "into", name: "merged", type: "inout Model"),
                         SwiftParameter(name: "total",
                                        type: "(_ ancestor: Value?, _ server: Value, _ client: Value) -> (value: Value, clamped: Bool)")],
            body: [
                "var outOfRange = false",
                "merge(field, key, into: &merged) { ancestor, server, client in",
                "    let result = total(ancestor, server, client)",
                "    outOfRange = result.clamped",
                "    return result.value",
                "}",
                "if outOfRange, let fieldKey = Model.FieldKey(rawValue: key) { clamped.append(fieldKey) }",
            ]
        )).documented([
            "The three-way rule for a counter whose `total` may clamp: as `merge`, and the field is listed in",
            "`clamped` when the sum that decided it did not fit.",
        ])
    }

    private var side: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isStatic: true, kind: .function(name: "knows"),
            parameters: [SwiftParameter(label: "_", name: "version", type: "Model"),
                         SwiftParameter(label: "_", name: "key", type: "String")],
            returnType: "Bool",
            body: [
                "let changes = version.cloudKitChanges",
                "return changes.isNew || changes.readKeys.contains(key) || changes.changedKeys.contains(key)",
            ]
        )).documented([
            "Whether this device's side knows the field: it was created in code, or its record held the field, or it",
            "set it (to `nil` too: a removal). A side that never saw a field (a partial fetch) has the ancestor's",
            "value: not seeing is not a change.",
        ])
    }

    private var integerSum: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isStatic: true, kind: .function(name: "sum"),
            parameters: [SwiftParameter(label: "_", name: "server", type: "Int64"),
                         SwiftParameter(label: "_", name: "client", type: "Int64"),
                         SwiftParameter(label: "_", name: "ancestor", type: "Int64")],
            returnType: "(value: Int64, clamped: Bool)",
            body: [
                "// Exact in 65 bits and more: the wrapped 64-bit result plus how many times 2^64 it wrapped by.",
                "let sum = server.addingReportingOverflow(client)",
                "var wraps = sum.overflow ? (client < 0 ? -1 : 1) : 0",
                "let total = sum.partialValue.subtractingReportingOverflow(ancestor)",
                "if total.overflow { wraps += ancestor < 0 ? 1 : -1 }",
                "if wraps == 0 { return (total.partialValue, false) }",
                "// Truly outside Int64's range (below -2^63 or above 2^63 - 1): the nearest bound.",
                "return (wraps < 0 ? .min : .max, true)",
            ]
        )).documented(["`server + client - ancestor`, computed exactly; a result outside Int64's range is clamped to",
                       "the nearest bound, and `clamped` says so."])
    }

    private var union: SwiftDeclaration {
        SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: .private, isStatic: true, kind: .function(name: "union"), genericParameters: ["Element: Hashable"],
            parameters: [SwiftParameter(name: "ancestor", type: "[Element]?"),
                         SwiftParameter(label: "_", name: "server", type: "[Element]"),
                         SwiftParameter(label: "_", name: "client", type: "[Element]")],
            returnType: "[Element]",
            body: [
                "let base = Set(ancestor ?? [])",
                "let removedByClient = base.subtracting(client)",
                "var merged = server.filter { !removedByClient.contains($0) }",
                "var present = Set(server)",
                "for element in client where !base.contains(element) && present.insert(element).inserted {",
                "    merged.append(element)",
                "}",
                "return merged",
            ]
        )).documented([
            "The server's elements less those this device removed, then this device's additions, in order.",
            "(The server's removals are already missing from its list and are not added back.)",
        ])
    }
}
