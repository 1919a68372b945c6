import CKSchemaApp
import CKSchemaAppReader
import CKSchemaCore
import Testing

/// The three forms of property list, and damaged ones: located errors, never a crash.
@Suite struct PropertyListReaderTests {
    static func read(_ text: String) -> Result<PropertyListNode, PropertyListError> {
        PropertyListReader.read(Array(text.utf8), path: "p.plist")
    }

    @Test func xmlValuesAndLocations() throws {
        let root = try Self.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>a</key><string>x &amp; y</string>
              <key>b</key><array><string>1</string><integer>2</integer><true/></array>
              <!-- <key>hidden</key><string>no</string> -->
            </dict></plist>
            """).get()
        #expect(root["a"]?.string == "x & y")
        #expect(root.entry("a")?.keyLocation == SourceLocation(file: "p.plist", line: 3, column: 3))
        #expect(root["b"]?.items.count == 3 && root["b"]?.strings.map(\.text) == ["1"])
        #expect(root["hidden"] == nil)
    }

    @Test func asciiProjectForm() throws {
        let root = try Self.read("// !$*UTF8*$!\n{\n\ta = (b, \"c d\", );\n\t/* note */ e = { f = \"g\\\"h\"; };\n}\n").get()
        #expect(root["a"]?.strings.map(\.text) == ["b", "c d"])
        #expect(root["e"]?["f"]?.string == "g\"h")
        #expect(root.entry("e")?.keyLocation == SourceLocation(file: "p.plist", line: 4, column: 13))
    }

    @Test func damagedFilesAreLocatedErrors() {
        for (text, line) in [("{ a = b; ", 1), ("{\n a = \"open\n", 2), ("<plist><dict><key>a</key></dict></plist>", 1),
                             ("<plist><dict><key>a</key><string>b</dict></plist>", 1), ("<notaplist/>", 1)] {
            guard case .failure(let error) = Self.read(text) else {
                Issue.record("read: \(text)")
                continue
            }
            #expect(error.location.line == line, "\(text): \(error.message)")
        }
    }

    @Test func binaryLists() throws {
        // {"k": ["CloudKit"]} as plistlib writes it.
        let bytes: [UInt8] = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x6B, 0xA1, 0x03, 0x58]
            + Array("CloudKit".utf8) + [0x08, 0x0B, 0x0D, 0x0F]
            + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0x18]
        let root = try PropertyListReader.read(bytes, path: "b.plist").get()
        #expect(root["k"]?.strings.map(\.text) == ["CloudKit"])
        // Truncated, a reference out of range, and a container holding itself.
        for damaged in [Array(bytes.prefix(20)), bytes.enumerated().map { $0.offset == 9 ? 0x09 : $0.element },
                        bytes.enumerated().map { $0.offset == 14 ? 0x00 : $0.element }] {
            guard case .failure(let error) = PropertyListReader.read(damaged, path: "b.plist") else {
                Issue.record("read a damaged binary list")
                continue
            }
            #expect(error.location.line == 1 && error.message.contains("binary property list"))
        }
    }
}
