import CKSchemaCore

/// Translates `CloudKitSchema.AnyModel`, the entry point for code that receives records of every type (a
/// `CKSyncEngine` delegate, a zone change fetch): a case per model, records of other types kept as they are.
struct SchemaEntryTranslator {
    let models: [ModelPlan]
    let namespace: String
    /// The access level written on public API (`nil` for internal).
    let access: SwiftAccess?

    /// `extension CloudKitSchema { enum AnyModel { … } }`, for platforms with CloudKit.
    var declaration: SwiftDeclaration {
        var members: [SwiftDeclaration] = models.map { model in
            SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(
                name: SwiftIdentifiers.escaped(model.anyModelCaseName),
                associatedValues: [SwiftIdentifiers.escaped(model.typeName)]
            )).documented(["\(SwiftIdentifiers.uppercasingFirst(SwiftIdentifiers.article(for: model.recordType.name))) `\(model.recordType.name)` record."])
        }
        members.append(SwiftDeclaration.enumCase(SwiftEnumCaseDeclaration(name: "unknown", associatedValues: ["CKRecord"]))
            .documented(["A record of a type the schema does not declare, or of CloudKit's own types (a `CKShare`",
                         "of type `cloudkit.share`), as it is."]))
        let availability = models.contains(where: \.usesEncryptedValues)
            ? [RecordAccessTranslator.encryptedValuesAvailability] : []
        let reads = models.map { model in
            let type = SwiftIdentifiers.escaped(model.typeName)
            return "case \(type).recordType: self = .\(SwiftIdentifiers.escaped(model.anyModelCaseName))(try \(type)(record: record))"
        }
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .initializer(isFailable: false),
            parameters: [SwiftParameter(name: "record", type: "CKRecord")], isThrowing: true,
            body: ["switch record.recordType {"] + reads + ["default: self = .unknown(record)", "}"]
        )).documented([
            "Reads `record` into the model of its record type, or keeps it as `.unknown`.", "",
            "- Throws: `RecordError` when a record of a type the schema declares does not read (a required field is",
            "  missing, a value has the wrong type).",
        ]).attributed(availability))
        let writes = models.map { model in
            "case .\(SwiftIdentifiers.escaped(model.anyModelCaseName))(let model): model.makeRecord()"
        }
        members.append(SwiftDeclaration.function(SwiftFunctionDeclaration(
            access: access, kind: .function(name: "makeRecord"), returnType: "CKRecord",
            body: ["switch self {"] + writes + ["case .unknown(let record): record", "}"]
        )).documented(["The record to save: the model's `makeRecord()`, or the unknown record itself."])
            .attributed(availability))
        return SwiftDeclaration.extension(SwiftExtensionDeclaration(extendedType: namespace, members: [
            SwiftDeclaration.enum(SwiftTypeDeclaration(access: access, name: "AnyModel", conformances: ["Sendable"],
                                                       members: members))
                .documented([
                    "A record of any type, read into its model: what a `CKSyncEngine` delegate or a change fetch",
                    "receives. Records of types the schema does not declare are kept, never dropped.",
                ]),
        ]))
    }
}
