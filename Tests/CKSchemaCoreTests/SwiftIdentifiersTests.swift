import CKSchemaCore
import Testing

@Suite struct SwiftIdentifiersTests {
    @Test(arguments: [
        ("title", "title"),
        ("CD_title_ckAsset", "CD_title_ckAsset"),
        ("Happy", "Happy"),
        ("IN_PROGRESS", "IN_PROGRESS"),
        ("in-progress", "inProgress"),
        ("Very Happy", "veryHappy"),
        ("2x", "_2x"),
        ("a.b.c", "aBC"),
        ("café au lait", "cafAuLait"),
        ("self", "self_"),
        ("Type", "Type_"),
        ("Protocol", "Protocol_"),
        ("_", "__"),
        ("default", "default"),
    ])
    func propertyAndCaseNames(name: String, expected: String) {
        #expect(SwiftIdentifiers.identifier(for: name, style: .lowerCamelCase) == expected)
    }

    @Test(arguments: [("cloudkit.share", "CloudkitShare"), ("my-type", "MyType"), ("Note", "Note"), ("9lives", "_9lives")])
    func typeNames(name: String, expected: String) {
        #expect(SwiftIdentifiers.identifier(for: name, style: .upperCamelCase) == expected)
    }

    @Test(arguments: ["", "---", "😀", " "])
    func namesWithoutLettersOrDigitsHaveNoIdentifier(name: String) {
        #expect(SwiftIdentifiers.identifier(for: name, style: .lowerCamelCase) == nil)
    }

    @Test func keywordsAreEscapedAndOtherNamesAreNot() {
        #expect(SwiftIdentifiers.escaped("default") == "`default`")
        #expect(SwiftIdentifiers.escaped("class") == "`class`")
        #expect(SwiftIdentifiers.escaped("Any") == "`Any`")
        #expect(SwiftIdentifiers.escaped("title") == "title")
    }

    @Test func validity() {
        #expect(SwiftIdentifiers.isValidIdentifier("_a1"))
        #expect(!SwiftIdentifiers.isValidIdentifier("1a"))
        #expect(!SwiftIdentifiers.isValidIdentifier("a-b"))
        #expect(!SwiftIdentifiers.isValidIdentifier(""))
        #expect(!SwiftIdentifiers.isValidIdentifier("é"))
    }
}
