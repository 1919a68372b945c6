/// The texts of a document's nodes, by node index, each distinct text stored once.
///
/// A schema repeats a few words (`type`, `indexes`, `queryable`, type names) tens of thousands of times. A
/// `[String]` with one element per node retained a string for every node stored and released one for every
/// node freed; here a node holds the number of its text in a pool, and the builder hands the same number out
/// again for a text it recently stored (`YAMLDocumentBuilder.text(of:)`). A text stored again after the builder
/// forgot it takes a second entry: memory, never a difference in what is read.
package struct YAMLTexts: Sendable {
    /// The texts stored, the empty text first.
    private var pool: [String] = [""]
    /// Per node, the index of its text in `pool`.
    private var numbers: [Int32] = []

    /// The text of the node at `index`: a scalar's value, empty for other nodes.
    package subscript(index: Int) -> String {
        pool[Int(numbers[index])]
    }

    /// The number of nodes.
    package var count: Int { numbers.count }

    /// The number of the empty text.
    static let empty: Int32 = 0

    /// Stores `text` in the pool, without giving it to a node; returns its number for `append(_:)`.
    mutating func store(_ text: String) -> Int32 {
        pool.append(text)
        return Int32(truncatingIfNeeded: pool.count - 1)
    }

    /// Gives the next node the stored text `number`.
    mutating func append(_ number: Int32) {
        numbers.append(number)
    }

    /// Makes room for `nodes` nodes.
    mutating func reserveCapacity(_ nodes: Int) {
        numbers.reserveCapacity(nodes)
    }
}
