import CKSchemaCodegen
import CKSchemaCore
import Testing

/// `CKRecord.encryptedValues` exists from iOS 15, macOS 12, tvOS 15 and watchOS 8: every use of it in generated
/// code sits in a declaration marked with that `@available`, or behind the matching `#available` check, and
/// models without encrypted fields stay usable on older systems.
@Suite struct EncryptedValuesAvailabilityTests {
    static let availability = "@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)"
    static let check = "#available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)"
    /// `CKSyncEngine`'s systems, later than encrypted values': its layer may use them freely.
    static let syncEngineAvailability = "@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)"

    /// The lines of `text` that touch encrypted values (`encryptedValues`, or a reader's or writer's
    /// `encrypted`) outside an available scope, found by following the braces of the generated code.
    static func unguardedUses(in text: String) -> [String] {
        var scopes: [Bool] = []
        var attributed = false
        var problems: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("///") || trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix(availability) || trimmed.hasPrefix(syncEngineAvailability) {
                attributed = true
                continue
            }
            if trimmed.hasPrefix("@") { continue }
            let available = (scopes.last ?? false) || attributed || trimmed.contains(check)
            if trimmed.contains("encryptedValues") || trimmed.contains(".encrypted.") || trimmed.contains(".encrypted ") {
                if !available { problems.append(String(line)) }
            }
            let opened = trimmed.count { $0 == "{" }, closed = trimmed.count { $0 == "}" }
            if opened > closed {
                scopes += Array(repeating: available, count: opened - closed)
            } else if closed > opened {
                scopes.removeLast(min(scopes.count, closed - opened))
            }
            attributed = false
        }
        return problems
    }

    static let edgeCases = SwiftGenerator(options: SwiftGeneratorOptions(accessLevel: .public, namespace: "EdgeCaseSchema"))
        .generate(GeneratorInput(schema: EdgeCaseSchema.schema, schemaPath: EdgeCaseSchema.path))

    @Test func everyUseOfEncryptedValuesIsAvailable() {
        let files = SwiftGenerator().generate(ReferenceTests.cloudJournal).files + Self.edgeCases.files
        #expect(files.count > 2)
        for file in files {
            #expect(Self.unguardedUses(in: file.contents) == [], "in \(file.name)")
        }
    }

    @Test func onlyModelsWithEncryptedFieldsNeedTheNewerSystems() throws {
        let files = SwiftGenerator().generate(ReferenceTests.cloudJournal).files
        let entry = try #require(files.first { $0.name == "JournalEntry.swift" }?.contents)
        #expect(entry.contains(Self.availability + "\nextension JournalEntry {"))
        for name in ["Category.swift", "EntryImage.swift", "PublishedEntry.swift", "Users.swift"] {
            let contents = try #require(files.first { $0.name == name }?.contents)
            #expect(!contents.contains("@available"), "\(name) has no encrypted field")
        }
        // The schema entry point reads every model, so it needs what the models need.
        let support = try #require(files.first { $0.name == "CloudKitSchema.swift" }?.contents)
        #expect(support.contains(Self.availability + "\n        init(record: CKRecord) throws {"))
    }

    @Test func theCheckFindsAnUnguardedUse() {
        #expect(Self.unguardedUses(in: "struct A {\n    func f() {\n        record.encryptedValues[\"a\"] = nil\n    }\n}\n").count == 1)
        #expect(Self.unguardedUses(in: "\(Self.availability)\nstruct A {\n    func f() {\n        writer.encrypted.set(\"a\", b)\n    }\n}\n")
            .isEmpty)
        #expect(Self.unguardedUses(in: "\(Self.syncEngineAvailability)\nstruct A {\n    func f() {\n        record.encryptedValues.allKeys()\n    }\n}\n")
            .isEmpty)
    }
}
