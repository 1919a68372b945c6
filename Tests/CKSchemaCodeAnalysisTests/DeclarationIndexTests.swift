import CKSchemaCodeAnalysis
import CKSchemaCore
import Testing

/// The module-wide declaration index: nested types by qualified name, extensions in other files merged into
/// their type, type aliases, enum raw values, static constants, conformance through protocols.
@Suite struct DeclarationIndexTests {
    private let index = DeclarationIndex.build([
        SourceFile(path: "Trip.swift", text: """
            struct Trip: RecordConvertible {
                static let recordType = "Trip"
                static var zone: String { "Trips" }
                enum Keys: String, CodingKey {
                    case title
                    case startDate = "start_date"
                }
                var title: String
                var duration: Int { 3 }
                func save() { let local = "not a member" }
            }
            """),
        SourceFile(path: "Protocols.swift", text: """
            protocol RecordConvertible: Stored {
                static var recordType: String { get }
            }
            typealias Stored = Codable & Hashable
            typealias Journey = Trip
            let globalKey = "global"
            """),
        SourceFile(path: "Extensions.swift", text: """
            extension Trip.Keys: CaseIterable {}
            extension Journey {
                static let payloadKey = "payload"
                struct Stop {}
            }
            extension String: Identifiable {}
            """),
    ])

    @Test func nestedTypesAreFoundByQualifiedNameAndFromInside() throws {
        let keys = try #require(index.type(named: "Keys", from: "Trip"))
        #expect(keys.qualifiedName == "Trip.Keys")
        #expect(keys.kind == .enum)
        #expect(keys.rawType == "String")
        #expect(index.type(named: "Trip.Keys", from: nil)?.qualifiedName == "Trip.Keys")
        #expect(index.type(named: "App.Trip", from: nil)?.qualifiedName == "Trip", "module-qualified")
        #expect(index.type(named: "Keys", from: nil) == nil, "not visible outside Trip")
        #expect(index.types["Trip"]?.nestedTypes.contains("Trip.Keys") == true)
    }

    @Test func enumCasesKeepTheirRawValues() throws {
        let keys = try #require(index.types["Trip.Keys"])
        #expect(keys.cases.map(\.name) == ["title", "startDate"])
        #expect(keys.cases.map(\.rawValue) == [nil, "start_date"])
        #expect(keys.inheritedTypes == ["String", "CodingKey", "CaseIterable"], "the extension's conformance is merged")
        #expect(keys.extensionLocations.first?.file == "Extensions.swift")
    }

    @Test func staticConstantsAndComputedLiteralsAreReadable() throws {
        let trip = try #require(index.type(named: "Trip", from: nil))
        #expect(index.stringConstant("recordType", of: trip) == "Trip")
        #expect(index.stringConstant("zone", of: trip) == "Trips")
        #expect(trip.properties["zone"]?.isComputed == true)
        #expect(trip.properties["duration"]?.isComputed == true)
        #expect(trip.properties["title"]?.isComputed == false)
        #expect(trip.properties["local"] == nil, "locals of a method are not members")
        #expect(index.stringConstant("payloadKey", of: trip) == "payload", "an extension through a type alias")
        #expect(index.types["Journey"] == nil, "folded into Trip")
        #expect(index.type(named: "Stop", from: "Trip")?.qualifiedName == "Trip.Stop", "nested in the extended type")
        #expect(index.type(named: "Journey.Stop", from: nil)?.qualifiedName == "Trip.Stop")
        #expect(index.types["Trip"]?.nestedTypes.contains("Trip.Stop") == true)
        #expect(index.globals["globalKey"]?.stringValue == "global")
    }

    @Test func protocolRequirementsAndConformance() throws {
        let trip = try #require(index.type(named: "Journey", from: nil))
        #expect(trip.qualifiedName == "Trip")
        #expect(index.conforms(trip, to: "RecordConvertible"))
        #expect(index.conforms(trip, to: "Codable"), "through the protocol's alias of a composition")
        #expect(index.conforms(trip, to: "Hashable"))
        #expect(!index.conforms(trip, to: "Identifiable"))
        let requirement = try #require(index.types["RecordConvertible"]?.properties["recordType"])
        #expect(requirement.isStatic && requirement.isComputed && requirement.declaredType == "String")
        #expect(index.types["String"]?.kind == nil, "a type only extended is known as such")
    }

    @Test func memberPathsResolveToTheirLiteralValues() {
        #expect(index.stringValue(of: ["Self", "recordType"], from: "Trip") == "Trip")
        #expect(index.stringValue(of: ["recordType"], from: "Trip.Keys") == "Trip", "a static of an enclosing type")
        #expect(index.stringValue(of: ["Trip", "zone"], from: nil) == "Trips")
        #expect(index.stringValue(of: ["Journey", "payloadKey"], from: nil) == "payload")
        #expect(index.stringValue(of: ["Trip", "Keys", "startDate", "rawValue"], from: nil) == "start_date")
        #expect(index.stringValue(of: ["Keys", "title"], from: "Trip") == "title", "a String enum's implicit raw value")
        #expect(index.stringValue(of: ["globalKey"], from: nil) == "global")
        #expect(index.stringValue(of: ["Trip", "title"], from: nil) == nil, "an instance property has no static value")
        #expect(index.stringValue(of: ["Self", "recordType"], from: nil) == nil)
    }

    @Test func protocolRequirementsLeadToTheirImplementers() {
        #expect(index.conformingTypes(to: "RecordConvertible").map(\.qualifiedName) == ["Trip"])
        #expect(index.conformingTypes(to: "RecordConvertible").compactMap { index.stringConstant("recordType", of: $0) } == ["Trip"])
    }

    /// What the code check reads from the same index: values that are a type's name or another constant,
    /// the types properties construct, subscript key types, and a protocol requirement's default.
    @Test func valuesTheCodeCheckResolves() throws {
        let index = DeclarationIndex.build([SourceFile(path: "Keys.swift", text: """
            protocol Stored {
                static var recordType: String { get }
            }
            extension Stored {
                static var recordType: String { String(describing: Self.self) }
                static var zoneName: String { "\\(Self.self)s" }
            }
            struct Note: Stored {
                static let kind = "\\(Self.self)"
                static let other = String(describing: Folder.self)
                static let alias = RecordTypes.note
                static let own = Self.Keys.title
                var created = Date()
                var record: CKRecord?
                enum Keys: String { case title }
                func save() {
                    enum Local: String { case body }
                    let local = Local.body
                }
            }
            extension CKRecord {
                subscript(key: NoteKey?) -> Any? { self[key?.rawValue ?? ""] }
            }
            """)])
        let stored = try #require(index.types["Stored"]?.properties["recordType"])
        #expect(stored.describedType == "Self", "the extension's default, not the requirement, is the value")
        #expect(index.types["Stored"]?.properties["zoneName"]?.describedType == nil, "more than the type's name")
        let note = try #require(index.types["Note"])
        #expect(note.properties["kind"]?.describedType == "Self")
        #expect(note.properties["other"]?.describedType == "Folder")
        #expect(note.properties["alias"]?.valuePath == ["RecordTypes", "note"])
        #expect(note.properties["own"]?.valuePath == ["Keys", "title"])
        #expect(note.properties["created"]?.storedType == "Date")
        #expect(note.properties["record"]?.storedType == "CKRecord?")
        #expect(index.types["CKRecord"]?.subscriptKeyTypes == ["NoteKey"])
        #expect(index.localTypes["Note.Local"]?.cases.map(\.name) == ["body"], "a type declared in a method")
        #expect(index.type(named: "Local", from: "Note") == nil, "visible only in its method")
        #expect(note.properties["local"] == nil && note.nestedTypes == ["Note.Keys"])
    }
}
