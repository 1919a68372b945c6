import CKSchemaCore
@testable import CKSchemaParsing
import CKSchemaTestSupport
import Testing

@Suite struct YAMLComposerTests {
    @Test func composesScalarsWithPositions() {
        let composition = YAMLComposer.compose(SourceFile(path: "a.yaml", text: "a: b\n"))
        #expect(composition.diagnostics.isEmpty)
    }
}
