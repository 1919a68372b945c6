import CKSchemaCodegen
import Testing

/// One case per declaration kind: a representation in, source text out.
@Suite struct SwiftRendererTests {
    private func expect(_ declaration: SwiftDeclaration, rendersAs expected: String,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(SwiftRenderer.renderedDeclaration(declaration) == expected, sourceLocation: sourceLocation)
    }

    @Test func structWithConformancesGenericsAndMembers() {
        expect(.struct(SwiftTypeDeclaration(
            access: .public, name: "Box", genericParameters: ["Value"], conformances: ["Sendable", "Hashable"],
            members: [.property(SwiftPropertyDeclaration(access: .public, name: "value", type: "Value")),
                      .property(SwiftPropertyDeclaration(name: "count", type: "Int", initializer: "0"))]
        )), rendersAs: """
        public struct Box<Value>: Sendable, Hashable {
            public var value: Value
            var count: Int = 0
        }

        """)
    }

    @Test func emptyTypesCloseOnTheirLine() {
        expect(.enum(SwiftTypeDeclaration(name: "Never2")), rendersAs: "enum Never2 {}\n")
    }

    @Test func enumCasesStayTogetherAndOtherMembersAreSeparated() {
        expect(.enum(SwiftTypeDeclaration(name: "E", conformances: ["String"], members: [
            .enumCase(SwiftEnumCaseDeclaration(name: "a")),
            .enumCase(SwiftEnumCaseDeclaration(name: "`default`", rawValue: "\"default\"")),
            .enumCase(SwiftEnumCaseDeclaration(name: "other", associatedValues: ["String"]))
                .documented(["Anything else."]),
            .property(SwiftPropertyDeclaration(isStatic: true, isConstant: true, name: "all", type: "[E]",
                                               initializer: "[.a]")),
        ])), rendersAs: """
        enum E: String {
            case a
            case `default` = "default"
            /// Anything else.
            case other(String)

            static let all: [E] = [.a]
        }

        """)
    }

    @Test func computedPropertyAndExtension() {
        expect(.extension(SwiftExtensionDeclaration(extendedType: "A.B", conformances: ["P"], members: [
            .property(SwiftPropertyDeclaration(access: .public, name: "x", type: "Int", getter: ["1 + 1"])),
            .property(SwiftPropertyDeclaration(name: "y", type: "Int", getter: ["let a = 1", "return a"])),
            .property(SwiftPropertyDeclaration(name: "z", type: "Int", getter: ["_z"], setter: ["_z = newValue"])),
            .property(SwiftPropertyDeclaration(name: "w", type: "Int", didSet: ["changed()"])),
        ])), rendersAs: """
        extension A.B: P {
            public var x: Int { 1 + 1 }

            var y: Int {
                let a = 1
                return a
            }

            var z: Int {
                get { _z }
                set { _z = newValue }
            }

            var w: Int { didSet { changed() } }
        }

        """)
    }

    @Test func functionsAndInitializers() {
        expect(.function(SwiftFunctionDeclaration(
            isStatic: true, kind: .function(name: "make"), genericParameters: ["T: P"],
            parameters: [SwiftParameter(label: "_", name: "value", type: "T"),
                         SwiftParameter(name: "flag", type: "Bool", defaultValue: "false")],
            isThrowing: true, returnType: "T", whereClause: "T.Raw == Int", body: ["return value"]
        )), rendersAs: """
        static func make<T: P>(_ value: T, flag: Bool = false) throws -> T where T.Raw == Int {
            return value
        }

        """)
        expect(.function(SwiftFunctionDeclaration(kind: .initializer(isFailable: true), body: ["return nil"])),
               rendersAs: "init?() {\n    return nil\n}\n")
    }

    @Test func longSignaturesPutOneParameterPerLine() {
        let parameters = (1...8).map { SwiftParameter(name: "parameterNumber\($0)", type: "String?", defaultValue: "nil") }
        let rendered = SwiftRenderer.renderedDeclaration(.function(SwiftFunctionDeclaration(
            kind: .initializer(isFailable: false), parameters: parameters, body: []
        )))
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines.first == "init(")
        #expect(lines[1] == "    parameterNumber1: String? = nil,")
        #expect(lines[8] == "    parameterNumber8: String? = nil")
        #expect(lines[9] == ") {")
        #expect(lines.allSatisfy { $0.count <= SwiftRenderer.maximumLineLength })
    }

    @Test func typeAliasConditionalAndComments() {
        expect(.commented(.mark("Section"), .typeAlias(SwiftTypeAliasDeclaration(access: .public, name: "ID",
                                                                                existingType: "Int"))),
               rendersAs: "// MARK: - Section\npublic typealias ID = Int\n")
        expect(.conditional(condition: "canImport(CloudKit)", declarations: [
            .commented(.line(["why", ""]), .typeAlias(SwiftTypeAliasDeclaration(name: "A", existingType: "B"))),
            .typeAlias(SwiftTypeAliasDeclaration(name: "C", existingType: "D")),
        ]), rendersAs: "#if canImport(CloudKit)\n// why\n//\ntypealias A = B\n\ntypealias C = D\n#endif\n")
    }

    @Test func fileWithHeaderAndGroupedConditionalImports() {
        let file = SwiftFile(
            name: "A.swift", header: ["Generated by ckschema from a.yaml. Do not edit."],
            imports: [SwiftImport("Foundation", isPublic: true),
                      SwiftImport("CloudKit", condition: "canImport(CloudKit)"),
                      SwiftImport("CoreLocation", condition: "canImport(CloudKit)")],
            declarations: [.enum(SwiftTypeDeclaration(name: "A")), .enum(SwiftTypeDeclaration(name: "B"))]
        )
        #expect(SwiftRenderer.renderedFile(file) == """
        // Generated by ckschema from a.yaml. Do not edit.

        public import Foundation
        #if canImport(CloudKit)
        import CloudKit
        import CoreLocation
        #endif

        enum A {}
        enum B {}

        """)
    }
}
