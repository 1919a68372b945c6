import CKSchemaCore
import CKSchemaModels
import Foundation
import Testing

/// A Core Data model as Xcode writes it, used across the reader and derivation tests.
let tripContents = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" usedWithCloudKit="YES">
        <entity name="Trip" representedClassName="TripMO" syncable="YES">
            <attribute name="name" attributeType="String" defaultValueString=""/>
            <attribute name="start" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            <attribute name="photo" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
            <attribute name="secret" optional="YES" attributeType="String" allowsCloudEncryption="YES"/>
            <attribute name="cache" optional="YES" attributeType="String">
                <userInfo>
                    <entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="YES"/>
                </userInfo>
            </attribute>
            <attribute name="scratch" optional="YES" attributeType="Double" transient="YES" usesScalarValueType="YES"/>
            <attribute name="title" optional="YES" attributeType="String" renamingIdentifier="name2"/>
            <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="trips" inverseEntity="Person"/>
            <relationship name="stops" optional="YES" toMany="YES" minCount="1" maxCount="5" deletionRule="Cascade" ordered="YES" destinationEntity="Stop"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="name"/>
                    <constraint value="start"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="Person" representedClassName="Person" isAbstract="YES" syncable="YES">
            <relationship name="trips" optional="YES" toMany="YES" deletionRule="Deny" destinationEntity="Trip" inverseName="owner" inverseEntity="Trip"/>
        </entity>
        <entity name="Guide" parentEntity="Person" syncable="YES">
            <attribute name="rating" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
        </entity>
        <entity name="Stop" syncable="YES"/>
        <configuration name="Cloud" usedWithCloudKit="YES">
            <memberEntity name="Trip"/>
            <memberEntity name="Person"/>
            <memberEntity name="Guide"/>
        </configuration>
        <configuration name="Local">
            <memberEntity name="Stop"/>
        </configuration>
    </model>
    """

@Suite("Core Data model reader")
struct CoreDataModelReaderTests {
    @Test func readsEntitiesAttributesAndRelationshipsWithLocations() throws {
        let (model, diagnostics) = CoreDataModelParser.parse(tripContents, path: "M.xcdatamodel/contents")
        #expect(diagnostics.isEmpty)
        #expect(model.entities.map(\.name) == ["Trip", "Person", "Guide", "Stop"])
        let trip = try #require(model.entity(named: "Trip"))
        #expect(trip.className == "TripMO")
        #expect(trip.source == .coreData)
        #expect(trip.location == SourceLocation(file: "M.xcdatamodel/contents", line: 3, column: 5))
        #expect(trip.attributes.map(\.name) == ["name", "start", "photo", "secret", "cache", "scratch", "title"])
        let name = trip.attributes[0]
        #expect(name.type == .string && !name.isOptional && name.hasDefault)
        #expect(name.location == SourceLocation(file: "M.xcdatamodel/contents", line: 4, column: 9))
        #expect(trip.attributes[1].type == .date && trip.attributes[1].isOptional && !trip.attributes[1].hasDefault)
        #expect(trip.attributes[2].type == .binary && trip.attributes[2].allowsExternalStorage)
        #expect(trip.attributes[3].allowsCloudEncryption)
        #expect(trip.attributes[4].isTransient, "NSCloudKitMirroringDelegateIgnoredPropertyKey makes it unmirrored")
        #expect(trip.attributes[5].isTransient)
        #expect(trip.attributes[6].originalName == "name2")
        let owner = trip.relationships[0]
        #expect(owner.destination == "Person" && !owner.isToMany && owner.maxCount == 1 && owner.inverse == "trips")
        let stops = trip.relationships[1]
        #expect(stops.isToMany && stops.isOrdered && stops.deleteRule == .cascade && stops.minCount == 1 && stops.maxCount == 5)
        #expect(stops.inverse == nil)
        #expect(trip.uniquenessConstraints.map(\.properties) == [["name", "start"]])
        #expect(trip.configurations == ["Cloud"])
        let person = try #require(model.entity(named: "Person"))
        #expect(person.isAbstract && person.className == nil)
        #expect(person.relationships[0].deleteRule == .deny)
        #expect(model.entity(named: "Guide")?.parent == "Person")
        #expect(model.entity(named: "Guide")?.attributes.first?.type == .integer16)
    }

    @Test func configurationsMarkedForCloudKitMirrorAndTheOthersAreLocal() {
        let (model, _) = CoreDataModelParser.parse(tripContents, path: "contents")
        let byName = Dictionary(uniqueKeysWithValues: model.configurations.map { ($0.name ?? "", $0) })
        #expect(byName["Cloud"]?.cloudKit == .automatic)
        #expect(byName["Cloud"]?.entities == ["Trip", "Person", "Guide"])
        #expect(byName["Local"]?.cloudKit == CloudKitMirroring.none)
    }

    @Test func namedConfigurationsNoneMarkedAreDecidedInCodeWhateverTheModelsOwnFlag() {
        let (model, _) = CoreDataModelParser.parse(
            "<model usedWithCloudKit=\"YES\"><entity name=\"A\"/><configuration name=\"Cloud\"><memberEntity name=\"A\"/></configuration><configuration name=\"Local\"/></model>",
            path: "contents")
        #expect(model.configurations.map(\.name) == ["Cloud", "Local"])
        #expect(model.configurations.allSatisfy { $0.cloudKit == .unknown })
    }

    @Test func aModelWithoutConfigurationsHasTheDefaultOneWhoseMirroringTheCodeDecides() {
        let (model, _) = CoreDataModelParser.parse("<model><entity name=\"A\"/></model>", path: "contents")
        #expect(model.configurations == [ModelConfiguration(name: "Default", cloudKit: .unknown, entities: nil, source: .coreData,
                                                            location: SourceLocation(file: "contents", line: 1, column: 1))])
    }

    @Test func everyCoreDataAttributeTypeIsRead() {
        let names = ["String", "Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Decimal", "Boolean", "Date",
                     "Binary", "UUID", "URI", "Transformable", "Object ID", "Undefined"]
        let xml = "<model><entity name=\"E\">" + names.enumerated().map {
            "<attribute name=\"a\($0.offset)\" attributeType=\"\($0.element)\"/>"
        }.joined() + "</entity></model>"
        let (model, diagnostics) = CoreDataModelParser.parse(xml, path: "contents")
        #expect(diagnostics.isEmpty)
        #expect(model.entities[0].attributes.map(\.type) == [
            .string, .integer16, .integer32, .integer64, .double, .float, .decimal, .boolean, .date, .binary, .uuid,
            .uri, .transformable, .objectID, .undefined,
        ])
    }

    @Test func anUnknownAttributeTypeIsALocatedWarning() {
        let (model, diagnostics) = CoreDataModelParser.parse(
            "<model>\n  <entity name=\"E\">\n    <attribute name=\"c\" attributeType=\"Composite\"/>\n  </entity>\n</model>",
            path: "contents")
        #expect(model.entities[0].attributes[0].type == .transformable)
        #expect(diagnostics.map(\.id) == [ModelReadDiagnostics.unknownValue])
        #expect(diagnostics.first?.location == SourceLocation(file: "contents", line: 3, column: 5))
    }

    @Test(arguments: [
        ("<model>\n<entity name=\"A\">\n</model>", "'</model>' does not close '<entity>' opened at line 2", 3, 1),
        ("<model>\n  <entity name=\"A\"", "unterminated tag '<entity'", 2, 3),
        ("<model>\n  <entity name=A/>\n</model>", "expected a quoted value for attribute 'name'", 2, 16),
        ("<model>\n<entity name=\"&bogus;\"/></model>", "unknown entity '&bogus;'", 2, 15),
        ("", "no XML element", 1, 1),
        ("<model>", "'<model>' is never closed", 1, 1),
    ])
    func brokenXMLIsALocatedError(xml: String, message: String, line: Int, column: Int) {
        let (_, diagnostics) = CoreDataModelParser.parse(xml, path: "contents")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == ModelReadDiagnostics.syntax)
        #expect(diagnostics.first?.message.hasSuffix(message) == true, "\(diagnostics.first?.message ?? "")")
        #expect(diagnostics.first?.location == SourceLocation(file: "contents", line: line, column: column))
    }

    @Test func aPlistIsNotACoreDataModel() {
        let (_, diagnostics) = CoreDataModelParser.parse("<plist><dict/></plist>", path: "contents")
        #expect(diagnostics.first?.message.contains("not a Core Data model") == true)
    }

    @Test func deepNestingStopsWithoutRecursion() {
        let xml = String(repeating: "<a>", count: 100_000)
        let (_, diagnostics) = CoreDataModelParser.parse(xml, path: "contents")
        #expect(diagnostics.first?.message.contains("nested deeper than") == true)
    }

    @Test func entitiesAndAttributeValuesDecodeEntities() {
        let (model, _) = CoreDataModelParser.parse(
            "<model><entity name=\"A&amp;B\"><attribute name=\"x\" attributeType=\"String\" defaultValueString=\"&lt;&#x41;&#66;\"/></entity></model>",
            path: "contents")
        #expect(model.entities.first?.name == "A&B")
    }

    @Test func aBundleReadsTheCurrentVersion() throws {
        let bundle = try temporaryFolder().appendingPathComponent("App.xcdatamodeld")
        try writeVersion(bundle, "App.xcdatamodel", "<model><entity name=\"Old\"/></model>")
        try writeVersion(bundle, "App 2.xcdatamodel", "<model><entity name=\"New\"/></model>")
        try writeVersion(bundle, "App 3.xcdatamodel", "<model><entity name=\"Newest\"/></model>")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>App 2.xcdatamodel</string>
            </dict>
            </plist>
            """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        let result = CoreDataModelReader.read(bundle.path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.model.entities.map(\.name) == ["New"])
        #expect(result.files == [bundle.appendingPathComponent("App 2.xcdatamodel/contents").path])

        try FileManager.default.removeItem(at: bundle.appendingPathComponent(".xccurrentversion"))
        #expect(CoreDataModelReader.read(bundle.path).model.entities.map(\.name) == ["Newest"], "the last version by name")
    }

    @Test func aMissingOrNonUTF8ModelIsALocatedDiagnostic() throws {
        let folder = try temporaryFolder()
        let missing = CoreDataModelReader.read(folder.appendingPathComponent("None.xcdatamodel").path)
        #expect(missing.diagnostics.map(\.id) == [ModelReadDiagnostics.unreadable.rawValue])

        let model = folder.appendingPathComponent("Bad.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try Data("<model>\n  <entity name=\"caf\u{E9}".utf8 + [0xFF] + Data("\"/>".utf8))
            .write(to: model.appendingPathComponent("contents"))
        let bad = CoreDataModelReader.read(model.path)
        #expect(bad.diagnostics.first?.message.contains("is not UTF-8 text") == true)
        #expect(bad.diagnostics.first?.location?.line == 2)
        #expect(bad.diagnostics.first?.location?.column == 21)
    }

    @Test func aHugeModelIsRefusedNotRead() throws {
        let model = try temporaryFolder().appendingPathComponent("Huge.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try Data(count: CoreDataModelReader.sizeLimit + 1).write(to: model.appendingPathComponent("contents"))
        let result = CoreDataModelReader.read(model.path)
        #expect(result.diagnostics.map(\.id) == [ModelReadDiagnostics.unreadable.rawValue])
        #expect(result.model.entities.isEmpty)
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ckschema-models-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func writeVersion(_ bundle: URL, _ name: String, _ contents: String) throws {
    let folder = bundle.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try contents.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
}
