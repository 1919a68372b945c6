import CKSchemaCodeAnalysis
import CKSchemaCore
import CKSchemaModels
import Testing

/// Reads models given as text; one file unless a test needs several.
func readModels(_ files: [String: String]) -> DataModelReadResult {
    SwiftDataModelReader.read(files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) })
}

func readModels(_ text: String) -> DataModelReadResult { readModels(["Models.swift": text]) }

/// Every property shape of a `@Model` class: types, optionality, defaults, macros, skipped properties.
@Suite struct SwiftDataReaderTests {
    private let trip = readModels("""
        import SwiftData
        import Foundation

        @Model
        final class Trip {
            var name = ""
            var title: String
            var count: Int = 0
            var small: Int16?
            var unsigned: UInt32 = 0
            var rating: Double?
            var ratio: Float = 1
            var width: CGFloat = 0
            var cost: Decimal?
            var done = false
            var start: Date = Date.now
            var photo: Data?
            var id = UUID()
            var link: URL?
            var tags: [String] = []
            var counts: Set<Int> = []
            var extra: [String: Int]?
            @Attribute(.externalStorage) var thumbnail: Data?
            @Attribute(.allowsCloudEncryption) var secret: String?
            @Attribute(originalName: "oldName") var renamed: String = ""
            @Attribute(.ephemeral) var draft: String?
            @Transient var cache: Int = 0
            var computed: Int { count * 2 }
            static var shared = 1
            var observed: Int = 0 { didSet { } }

            init(title: String) {
                self.title = title
            }
        }
        """)

    private func attribute(_ name: String) throws -> ModelAttribute {
        try #require(trip.model.entity(named: "Trip")?.attributes.first { $0.name == name })
    }

    @Test func scalarTypesMapToAttributeTypes() throws {
        let expected: [String: ModelAttributeType] = [
            "name": .string, "title": .string, "count": .integer64, "small": .integer16, "unsigned": .integer32,
            "rating": .double, "ratio": .float, "width": .double, "cost": .decimal, "done": .boolean, "start": .date,
            "photo": .binary, "id": .uuid, "link": .uri, "tags": .transformable, "counts": .transformable,
            "extra": .transformable,
        ]
        for (name, type) in expected {
            #expect(try attribute(name).type == type, "\(name)")
        }
        #expect(trip.diagnostics.isEmpty, "\(trip.diagnostics.map(\.message))")
    }

    @Test func optionalityAndDefaultsFollowTheDeclarationNotTheInitializer() throws {
        #expect(try attribute("title").hasDefault == false, "assigned in init only")
        #expect(try attribute("title").isOptional == false)
        #expect(try attribute("name").hasDefault)
        #expect(try attribute("small").isOptional)
        #expect(try attribute("small").hasDefault == false)
        #expect(try attribute("name").declaredType == "String", "the type an initial literal makes")
        #expect(try attribute("cost").declaredType == "Decimal?")
    }

    @Test func attributeOptionsAreRead() throws {
        #expect(try attribute("thumbnail").allowsExternalStorage)
        #expect(try attribute("secret").allowsCloudEncryption)
        #expect(try attribute("renamed").originalName == "oldName")
        #expect(try attribute("draft").isTransient)
    }

    @Test func transientComputedAndStaticPropertiesAreNotAttributes() throws {
        let names = try #require(trip.model.entity(named: "Trip")).attributes.map(\.name)
        #expect(!names.contains("cache"))
        #expect(!names.contains("computed"))
        #expect(!names.contains("shared"))
        #expect(names.contains("observed"), "observers keep a property stored")
        #expect(names.first == "name", "source order")
    }

    @Test func entitiesAndPropertiesAreLocated() throws {
        let entity = try #require(trip.model.entity(named: "Trip"))
        #expect(entity.location == SourceLocation(file: "Models.swift", line: 5, column: 13))
        #expect(try attribute("title").location == SourceLocation(file: "Models.swift", line: 7, column: 9))
        #expect(entity.source == .swiftData)
    }

    @Test func uniqueAttributesAndUniqueMacroAreConstraints() throws {
        let result = readModels("""
            @Model class Person {
                #Unique<Person>([\\.first, \\.last], [\\.email])
                @Attribute(.unique) var handle: String = ""
                var first = ""
                var last = ""
                var email = ""
            }
            """)
        let person = try #require(result.model.entity(named: "Person"))
        #expect(person.uniquenessConstraints.map(\.properties) == [["first", "last"], ["email"], ["handle"]])
        #expect(person.attributes.first { $0.name == "handle" }?.isUnique == true)
        #expect(person.uniquenessConstraints[0].location?.line == 2)
    }

    @Test func codableEnumsAndStructsOfTheScannedCodeAreCodableValues() throws {
        let result = readModels([
            "Models.swift": """
                @Model final class Entry {
                    var mood: Mood = Mood.calm
                    var status: Status = .open
                    var place: Place?
                    var kind = Kind.a
                    var money: Money = 0
                    var items: [Place] = []
                }
                """,
            "Types.swift": """
                enum Mood: String, Codable { case calm, happy }
                enum Status: Int { case open, closed }
                extension Status: Codable {}
                struct Place: Persistable { var lat = 0.0 }
                protocol Persistable: Codable, Hashable {}
                enum Kind: String, Codable { case a, b }
                typealias Money = Decimal
                """,
        ])
        let entry = try #require(result.model.entity(named: "Entry"))
        let types = Dictionary(uniqueKeysWithValues: entry.attributes.map { ($0.name, $0.type) })
        #expect(types == ["mood": .codableValue, "status": .codableValue, "place": .codableValue, "kind": .codableValue,
                          "money": .decimal, "items": .transformable])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func typesThatCannotBeResolvedAreNotedNeverGuessed() throws {
        let result = readModels("""
            @Model final class Spot {
                var coordinate: CLLocationCoordinate2D?
                var color: Palette = .red
                var helper: Helper?
                var mystery = makeValue()
                init() {}
            }
            enum Palette { case red }
            class Helper {}
            """)
        let spot = try #require(result.model.entity(named: "Spot"))
        #expect(spot.attributes.map(\.type) == [.unresolved, .unresolved, .unresolved, .unresolved])
        let notes = result.diagnostics.filter { $0.id == ModelReadDiagnostics.typeUnresolved.rawValue }
        #expect(notes.count == 4)
        #expect(notes.allSatisfy { $0.severity == .note && $0.location?.file == "Models.swift" })
        #expect(notes[0].message.contains("'Spot.coordinate'") && notes[0].message.contains("CLLocationCoordinate2D"))
        #expect(notes[0].location?.line == 2)
        #expect(notes[1].message.contains("not Codable"))
        #expect(notes[2].message.contains("not a @Model class"))
        #expect(notes[3].message.contains("'Spot.mystery'"))
    }

    @Test func transformableByOverridesTheType() throws {
        let result = readModels("""
            @Model class Pic { @Attribute(.transformable(by: ColorTransformer.self)) var tint: UIColor? }
            """)
        #expect(result.model.entity(named: "Pic")?.attributes.first?.type == .transformable)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func unusualMacroArgumentsAreNotedNotInvented() throws {
        let result = readModels("""
            @Model class Odd {
                @Attribute(someOption) var a: String = ""
                @Relationship(inverse: pathVariable) var b: [Odd]? = []
            }
            """)
        let odd = try #require(result.model.entity(named: "Odd"))
        #expect(odd.attributes.first?.isUnique == false)
        #expect(odd.relationships.first?.inverse == nil)
        #expect(result.diagnostics.filter { $0.id == ModelReadDiagnostics.sourceUnread.rawValue }.count == 2)
    }

    @Test func subclassesNameTheirParent() throws {
        let result = readModels("""
            @Model class Animal { var name = "" }
            @Model final class Dog: Animal { var barks = true }
            final class NotAModel: Animal {}
            """)
        #expect(result.model.entity(named: "Dog")?.parent == "Animal")
        #expect(result.model.entity(named: "Animal")?.parent == nil)
        #expect(result.model.entities.map(\.name) == ["Animal", "Dog"])
    }

    @Test func twoModelsWithOneEntityNameAreALocatedError() throws {
        let result = readModels([
            "A.swift": "@Model class Item { var a = 0 }\n",
            "B.swift": "enum Cache {\n    @Model class Item { var b = 0 }\n}\n",
        ])
        #expect(result.model.entities.count == 1)
        #expect(result.model.entities[0].className == "Item")
        let error = try #require(result.diagnostics.first { $0.id == ModelReadDiagnostics.duplicateEntity.rawValue })
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(file: "B.swift", line: 2, column: 18))
        #expect(error.notes.first?.location?.file == "A.swift")
    }

    @Test func brokenSwiftIsReadAsFarAsItParsesWithALocatedNote() throws {
        let result = readModels("""
            @Model final class Draft {
                var title: String = ""
                var body: String = ((
            }
            @Model final class Later { var x = 0 }
            """)
        #expect(result.model.entity(named: "Draft")?.attributes.first?.name == "title")
        let note = try #require(result.diagnostics.first { $0.id == DiagnosticID.codeIncomplete.rawValue })
        #expect(note.severity == .note)
        #expect(note.location?.file == "Models.swift")
    }
}
