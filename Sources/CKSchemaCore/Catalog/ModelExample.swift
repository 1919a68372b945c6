/// A model rule's documented example: a Core Data model (`.xcdatamodel/contents` XML) and, for rollout
/// rules, the environment schema (`.ckdb`) it is checked against. Triggering examples mark each place the rule
/// must report with `↓` right before the element; non-triggering examples have no markers.
package struct ModelExample: Sendable {
    package let model: String
    package let environment: String?
    package let fileID: String
    package let line: Int

    package init(model: String, environment: String? = nil, fileID: String = #fileID, line: Int = #line) {
        self.model = model
        self.environment = environment
        self.fileID = fileID
        self.line = line
    }

    package var unmarkedModel: String {
        model.replacing("↓", with: "")
    }

    /// The (line, column) of each `↓`, in the unmarked text (columns count Unicode scalars).
    package var markedPositions: [(line: Int, column: Int)] {
        ExampleMarkers.positions(in: model)
    }
}
