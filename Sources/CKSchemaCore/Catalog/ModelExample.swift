/// A model rule's documented example: a Core Data model (`.xcdatamodel/contents` XML) and, for rollout
/// rules, the environment schema (`.ckdb`) it is checked against; for evolution rules, the model that shipped.
/// Triggering examples mark each place the rule must report with `↓` right before the element (in the shipped
/// model for what is no longer there); non-triggering examples have no markers.
package struct ModelExample: Sendable {
    package let model: String
    package let environment: String?
    /// The model as it shipped, for evolution rules (`check-models --since`).
    package let shipped: String?
    package let fileID: String
    package let line: Int

    package init(shipped: String? = nil, model: String, environment: String? = nil, fileID: String = #fileID,
                 line: Int = #line) {
        self.model = model
        self.environment = environment
        self.shipped = shipped
        self.fileID = fileID
        self.line = line
    }

    package var unmarkedModel: String {
        model.replacing("↓", with: "")
    }

    package var unmarkedShipped: String? {
        shipped?.replacing("↓", with: "")
    }

    /// The (line, column) of each `↓`, in the unmarked text (columns count Unicode scalars).
    package var markedPositions: [(line: Int, column: Int)] {
        ExampleMarkers.positions(in: model)
    }

    /// The (line, column) of each `↓` in the shipped model.
    package var markedShippedPositions: [(line: Int, column: Int)] {
        shipped.map(ExampleMarkers.positions(in:)) ?? []
    }
}
