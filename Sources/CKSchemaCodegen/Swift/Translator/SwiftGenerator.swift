import CKSchemaCore

/// The `swift` generator: typed models with the CKRecord boundary code, plus shared support code.
///
/// Pipeline: `Schema` → `ModelPlanner` (names, shapes, diagnostics) → translators (`SwiftFile`s) →
/// `SwiftRenderer` (text). When the planner reports an error, no file is produced.
package struct SwiftGenerator: SchemaGenerator {
    /// `swift`.
    package let name = "swift"
    /// Naming, access and layout options.
    package var options: SwiftGeneratorOptions

    package init(options: SwiftGeneratorOptions = SwiftGeneratorOptions()) {
        self.options = options
    }

    /// Generates the models of every record type in `input.schema`.
    package func generate(_ input: GeneratorInput) -> GenerationResult {
        let planner = ModelPlanner(schema: input.schema, options: options,
                                   diagnostics: DiagnosticFactory(sourceMap: input.sourceMap))
        let (models, planned) = planner.plan()
        var diagnostics = planned
        if input.language == .ckdb, !models.isEmpty {
            // .ckdb is CloudKit's language: it has no merge policies, so every resolver keeps the server's values.
            diagnostics.append(Diagnostic(
                id: .codegenNoMergePolicies, severity: .note,
                message: "the schema is .ckdb, which carries no merge policies: the generated conflict resolvers keep "
                    + "the server's value of every field both sides changed; generate from the YAML schema for its 'merge' policies"))
        }
        guard !diagnostics.containsErrors else {
            return GenerationResult(files: [], diagnostics: Diagnostic.sortedForOutput(diagnostics))
        }
        let files = translate(models, schema: input.schema, schemaPath: input.schemaPath)
        return GenerationResult(files: files.map { GeneratedFile(name: $0.name, contents: SwiftRenderer.renderedFile($0)) },
                                diagnostics: Diagnostic.sortedForOutput(diagnostics))
    }

    /// Translates planned models into Swift files, following the layout option.
    func translate(_ models: [ModelPlan], schema: Schema, schemaPath: String) -> [SwiftFile] {
        let access: SwiftAccess? = options.accessLevel == .public ? .public : nil
        let isPublic = access != nil
        let usesLocations = models.contains { $0.usesLocations }
        let namespace = options.namespace
        let usesMigrations = models.contains { model in model.fields.contains { $0.migration != nil } }
        let support = SupportTranslator(namespace: namespace, access: access, includesLocation: usesLocations,
                                        recordTypes: schema.recordTypes, includesMigrations: usesMigrations)
        let recordAccess = RecordAccessTranslator(namespace: namespace, includesLocation: usesLocations,
                                                  includesMigrations: usesMigrations, access: access)
        let entry = SchemaEntryTranslator(models: models, namespace: namespace, access: access)
        let userIDType = models.first { $0.recordType.name == "Users" }
            .map { SwiftIdentifiers.escaped($0.typeName) + ".ID" } ?? "\(namespace).RecordID<\(namespace).AnyRecord>"
        let translators = models.map { ModelTranslator(plan: $0, namespace: namespace, access: access) }
        let queries = models.map {
            QueryFieldsTranslator(plan: $0, namespace: namespace, access: access, userIDType: userIDType).declaration
        }
        let header = [GeneratedHeader.text(schemaPath: schemaPath)]
        let cloudKit = "canImport(CloudKit)"
        var supportImports = [SwiftImport("Foundation", isPublic: isPublic),
                              SwiftImport("CloudKit", isPublic: isPublic, condition: cloudKit)]
        if usesLocations { supportImports.append(SwiftImport("CoreLocation", isPublic: isPublic, condition: cloudKit)) }
        let resolver = ConflictResolverTranslator(models: models, namespace: namespace, access: access)
        let syncEngine = SyncEngineTranslator(models: models, recordTypes: schema.recordTypes, namespace: namespace,
                                              access: access)
        let supportCloudKit = support.cloudKitExtensions + [recordAccess.declaration, entry.declaration,
                                                            resolver.declaration] + syncEngine.declarations
        let merges = models.map { MergeTranslator(plan: $0, namespace: namespace, access: access).declaration }

        switch options.layout {
        case .singleFile(let name):
            var declarations = [support.namespaceDeclaration] + support.topLevelDeclarations
            for ((translator, query), merge) in zip(zip(translators, queries), merges) {
                declarations += [translator.model, query, merge]
            }
            declarations.append(.conditional(
                condition: cloudKit, declarations: supportCloudKit + translators.map(\.cloudKitExtension)
            ))
            return [SwiftFile(name: name, header: header, imports: supportImports, declarations: declarations)]
        case .filePerRecordType:
            var files = [SwiftFile(
                name: namespace + ".swift", header: header, imports: supportImports,
                declarations: [support.namespaceDeclaration] + support.topLevelDeclarations
                    + [.conditional(condition: cloudKit, declarations: supportCloudKit)]
            )]
            let modelImports = [SwiftImport("Foundation", isPublic: isPublic),
                                SwiftImport("CloudKit", isPublic: isPublic, condition: cloudKit)]
            for ((translator, query), merge) in zip(zip(translators, queries), merges) {
                files.append(SwiftFile(
                    name: translator.plan.typeName + ".swift", header: header, imports: modelImports,
                    declarations: [translator.model, query, merge,
                                   .conditional(condition: cloudKit, declarations: [translator.cloudKitExtension])]
                ))
            }
            return files
        }
    }
}
