package import CKSchemaCore

/// Turns the text of one `.xcdatamodel/contents` file into a `DataModel`: entities with their attributes,
/// relationships, parent, abstractness and uniqueness constraints, and the configurations, each located at
/// its element in the file. What the file says that the reader does not know is a located warning; a file
/// that is not well-formed XML is a located error, with the entities read before the error kept.
package enum CoreDataModelParser {
    package static func parse(_ text: String, path: String) -> (model: DataModel, diagnostics: [Diagnostic]) {
        let document = XMLScanner.scan(text, path: path)
        var diagnostics: [Diagnostic] = []
        if let error = document.error {
            diagnostics.append(.error(ModelReadDiagnostics.syntax, "'\(path)' is not well-formed XML: \(error.message)",
                                      at: error.location))
        }
        guard let root = document.elements.first else { return (DataModel(), diagnostics) }
        guard root.name == "model" else {
            if document.error == nil {
                diagnostics.append(.error(ModelReadDiagnostics.syntax,
                                          "'\(path)' is not a Core Data model: its root element is '<\(root.name)>', not '<model>'",
                                          at: root.location))
            }
            return (DataModel(), diagnostics)
        }
        var builder = Builder(document: document, modelUsedWithCloudKit: root.flag("usedWithCloudKit") ?? false)
        builder.build()
        return (builder.model(), diagnostics + builder.diagnostics)
    }

    /// One pass over the elements: each is handled by what its parent is.
    private struct Builder {
        let document: XMLDocument
        let modelUsedWithCloudKit: Bool
        var entities: [ModelEntity] = []
        var configurations: [ModelConfiguration] = []
        var diagnostics: [Diagnostic] = []
        /// Element index → what it became, for its children.
        private var entityOf: [Int: Int] = [:]
        private var attributeOf: [Int: (entity: Int, attribute: Int)] = [:]
        private var relationshipOf: [Int: (entity: Int, relationship: Int)] = [:]
        private var configurationOf: [Int: Int] = [:]
        private var constraintOf: [Int: (entity: Int, constraint: Int)] = [:]
        private var userInfoOf: [Int: Int] = [:]

        init(document: XMLDocument, modelUsedWithCloudKit: Bool) {
            self.document = document
            self.modelUsedWithCloudKit = modelUsedWithCloudKit
        }

        mutating func build() {
            for (index, element) in document.elements.enumerated() {
                let parent = element.parent.map { document.elements[$0] }
                switch (parent?.name, element.name) {
                case ("model", "entity"):
                    entityOf[index] = entities.count
                    entities.append(entity(element))
                case ("entity", "attribute"):
                    guard let owner = element.parent.flatMap({ entityOf[$0] }) else { continue }
                    attributeOf[index] = (owner, entities[owner].attributes.count)
                    entities[owner].attributes.append(attribute(element))
                case ("entity", "relationship"):
                    guard let owner = element.parent.flatMap({ entityOf[$0] }) else { continue }
                    relationshipOf[index] = (owner, entities[owner].relationships.count)
                    entities[owner].relationships.append(relationship(element))
                case ("uniquenessConstraints", "uniquenessConstraint"):
                    guard let list = element.parent, let owner = document.elements[list].parent.flatMap({ entityOf[$0] })
                    else { continue }
                    constraintOf[index] = (owner, entities[owner].uniquenessConstraints.count)
                    entities[owner].uniquenessConstraints.append(ModelUniquenessConstraint(properties: [], location: element.location))
                case ("uniquenessConstraint", "constraint"):
                    guard let (owner, constraint) = element.parent.flatMap({ constraintOf[$0] }),
                          let value = element["value"] else { continue }
                    entities[owner].uniquenessConstraints[constraint].properties.append(value)
                case ("attribute", "userInfo"), ("relationship", "userInfo"):
                    if let parentIndex = element.parent { userInfoOf[index] = parentIndex }
                case ("userInfo", "entry"):
                    guard element["key"] == "NSCloudKitMirroringDelegateIgnoredPropertyKey",
                          let owner = element.parent.flatMap({ userInfoOf[$0] }), let (entity, attribute) = attributeOf[owner],
                          element.flag("value") ?? true
                    else { continue }
                    entities[entity].attributes[attribute].isTransient = true
                case ("model", "configuration"):
                    configurationOf[index] = configurations.count
                    configurations.append(ModelConfiguration(
                        name: element["name"], cloudKit: element.flag("usedWithCloudKit") == true ? .automatic : .unknown,
                        entities: [], source: .coreData, location: element.location))
                case ("configuration", "memberEntity"):
                    guard let configuration = element.parent.flatMap({ configurationOf[$0] }), let name = element["name"]
                    else { continue }
                    configurations[configuration].entities?.append(name)
                default:
                    continue
                }
            }
        }

        func model() -> DataModel {
            var entities = entities
            var configurations = configurations
            for configuration in configurations {
                guard let name = configuration.name else { continue }
                for member in configuration.entities ?? [] {
                    guard let index = entities.firstIndex(where: { $0.name == member }) else { continue }
                    entities[index].configurations.append(name)
                }
            }
            // Which configurations mirror: those marked "Used with CloudKit"; when some are, the others are local.
            // With none marked, the code decides (cloudKitContainerOptions on a store), which this file cannot
            // say: assumed mirrored. The model's own flag is the Default configuration's, which only matters
            // when there are no named configurations.
            if configurations.contains(where: { $0.cloudKit == .automatic }) {
                for index in configurations.indices where configurations[index].cloudKit == .unknown {
                    configurations[index].cloudKit = .none
                }
            }
            if configurations.isEmpty {
                configurations.append(ModelConfiguration(
                    name: "Default", cloudKit: modelUsedWithCloudKit ? .automatic : .unknown, entities: nil,
                    source: .coreData, location: document.elements.first?.location))
            }
            return DataModel(entities: entities, configurations: configurations)
        }

        private func entity(_ element: XMLElement) -> ModelEntity {
            let name = element["name"] ?? ""
            let className = element["representedClassName"].flatMap { $0 == name ? nil : $0 }
            return ModelEntity(name: name, className: className, parent: element["parentEntity"],
                               isAbstract: element.flag("isAbstract") ?? false, source: .coreData,
                               location: element.location, renamingIdentifier: Self.renamingIdentifier(element))
        }

        private mutating func attribute(_ element: XMLElement) -> ModelAttribute {
            let name = element["name"] ?? ""
            let typeName = element["attributeType"] ?? "Undefined"
            let type = Self.attributeTypes[typeName] ?? unknown(
                "attribute '\(name)' has the type '\(typeName)', which ckschema does not know; it is read as Transformable (BYTES)",
                at: element, reading: .transformable)
            return ModelAttribute(
                name: name, type: type, declaredType: typeName, isOptional: element.flag("optional") ?? false,
                hasDefault: element["defaultValueString"] != nil || element["defaultDateTimeInterval"] != nil,
                isTransient: element.flag("transient") ?? false,
                allowsCloudEncryption: element.flag("allowsCloudEncryption") ?? false,
                allowsExternalStorage: element.flag("allowsExternalBinaryDataStorage") ?? false,
                originalName: Self.renamingIdentifier(element), location: element.location,
                defaultValue: element["defaultValueString"] ?? element["defaultDateTimeInterval"],
                transformerName: element["valueTransformerName"])
        }

        private mutating func relationship(_ element: XMLElement) -> ModelRelationship {
            let name = element["name"] ?? ""
            let maxCount = count(element, "maxCount", name: name)
            let minCount = count(element, "minCount", name: name)
            let toMany = element.flag("toMany") ?? false
            let ruleName = element["deletionRule"] ?? "Nullify"
            let rule = Self.deleteRules[ruleName] ?? unknown(
                "relationship '\(name)' has the delete rule '\(ruleName)', which ckschema does not know; it is read as Nullify",
                at: element, reading: .nullify)
            return ModelRelationship(
                name: name, destination: element["destinationEntity"] ?? "", isToMany: toMany,
                isOptional: element.flag("optional") ?? false, inverse: element["inverseName"], deleteRule: rule,
                isOrdered: element.flag("ordered") ?? false, minCount: minCount, maxCount: maxCount,
                location: element.location, originalName: Self.renamingIdentifier(element))
        }

        private mutating func count(_ element: XMLElement, _ key: String, name: String) -> Int? {
            guard let text = element[key] else { return nil }
            guard let value = Int(text), value >= 0 else {
                return unknown("relationship '\(name)' has \(key) '\(text)', which is not a count; it is ignored",
                               at: element, reading: nil)
            }
            return value
        }

        /// Reports something the reader does not know (a warning) and reads it as `fallback`.
        private mutating func unknown<Value>(_ message: String, at element: XMLElement, reading fallback: Value) -> Value {
            diagnostics.append(Diagnostic(id: ModelReadDiagnostics.unknownValue, severity: .warning, message: message,
                                          location: element.location))
            return fallback
        }

        /// The renaming identifier Xcode writes as `elementID` (`renamingIdentifier` in older files).
        private static func renamingIdentifier(_ element: XMLElement) -> String? {
            element["elementID"] ?? element["renamingIdentifier"]
        }

        /// Core Data's `attributeType` names.
        static let attributeTypes: [String: ModelAttributeType] = [
            "String": .string, "Integer 16": .integer16, "Integer 32": .integer32, "Integer 64": .integer64,
            "Double": .double, "Float": .float, "Decimal": .decimal, "Boolean": .boolean, "Date": .date,
            "Binary": .binary, "UUID": .uuid, "URI": .uri, "Transformable": .transformable,
            "Object ID": .objectID, "Undefined": .undefined,
        ]

        static let deleteRules: [String: ModelDeleteRule] = [
            "Nullify": .nullify, "Cascade": .cascade, "Deny": .deny, "No Action": .noAction,
        ]
    }
}
