import CKSchemaCore

/// The `swift` generator: typed models with the CKRecord boundary code, plus shared support code.
///
/// Pipeline: `Schema` → `ModelPlanner` (names, shapes, diagnostics) → translators (`SwiftFile`s) →
/// `SwiftRenderer` (text). When the planner reports an error, no file is produced.
public struct SwiftGenerator: SchemaGenerator {
    /// `swift`.
    public let name = "swift"
    /// Naming, access and layout options.
    public var options: SwiftGeneratorOptions

    public init(options: SwiftGeneratorOptions = SwiftGeneratorOptions()) {
        self.options = options
    }

    /// Generates the models of every record type in `input.schema`.
    public func generate(_ input: GeneratorInput) -> GenerationResult {
        let planner = ModelPlanner(schema: input.schema, options: options,
                                   diagnostics: DiagnosticFactory(sourceMap: input.sourceMap))
        let (models, diagnostics) = planner.plan()
        guard !diagnostics.containsErrors else {
            return GenerationResult(files: [], diagnostics: Diagnostic.sortedForOutput(diagnostics))
        }
        let files = translate(models, schemaPath: input.schemaPath)
        return GenerationResult(files: files.map { GeneratedFile(name: $0.name, contents: SwiftRenderer.renderedFile($0)) },
                                diagnostics: Diagnostic.sortedForOutput(diagnostics))
    }

    /// Translates planned models into Swift files, following the layout option.
    func translate(_ models: [ModelPlan], schemaPath: String) -> [SwiftFile] {
        let access: SwiftAccess? = options.accessLevel == .public ? .public : nil
        let isPublic = access != nil
        let usesLocations = models.contains { $0.usesLocations }
        let namespace = options.namespace
        let support = SupportTranslator(namespace: namespace, access: access, includesLocation: usesLocations)
        let recordAccess = RecordAccessTranslator(namespace: namespace, includesLocation: usesLocations)
        let translators = models.map { ModelTranslator(plan: $0, namespace: namespace, access: access) }
        let header = [GeneratedHeader.text(schemaPath: schemaPath)]
        let cloudKit = "canImport(CloudKit)"
        var supportImports = [SwiftImport("Foundation", isPublic: isPublic),
                              SwiftImport("CloudKit", isPublic: isPublic, condition: cloudKit)]
        if usesLocations { supportImports.append(SwiftImport("CoreLocation", isPublic: isPublic, condition: cloudKit)) }

        switch options.layout {
        case .singleFile(let name):
            var declarations = [support.namespaceDeclaration] + translators.map(\.model)
            declarations.append(.conditional(
                condition: cloudKit,
                declarations: support.cloudKitExtensions + [recordAccess.declaration] + translators.map(\.cloudKitExtension)
            ))
            return [SwiftFile(name: name, header: header, imports: supportImports, declarations: declarations)]
        case .filePerRecordType:
            var files = [SwiftFile(
                name: namespace + ".swift", header: header, imports: supportImports,
                declarations: [support.namespaceDeclaration,
                               .conditional(condition: cloudKit,
                                            declarations: support.cloudKitExtensions + [recordAccess.declaration])]
            )]
            let modelImports = [SwiftImport("Foundation", isPublic: isPublic),
                                SwiftImport("CloudKit", isPublic: isPublic, condition: cloudKit)]
            for translator in translators {
                files.append(SwiftFile(
                    name: translator.plan.typeName + ".swift", header: header, imports: modelImports,
                    declarations: [translator.model,
                                   .conditional(condition: cloudKit, declarations: [translator.cloudKitExtension])]
                ))
            }
            return files
        }
    }
}
