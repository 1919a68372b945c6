package import CKSchemaCore

/// One node of a composed YAML document: a scalar, the start of a sequence or mapping, or a placeholder
/// for a value that was refused (an alias, a subtree nested too deeply, a value cut off by a syntax error).
///
/// Nodes live in one flat array in document order (a pre-order walk). A container's children follow it
/// directly and `end` is the index one past its last descendant, so a whole subtree is the range
/// `index..<end`. The flat form costs one array append per event, needs no recursion to build, walk or
/// free, and keeps a 40,000-field schema cheap to hold. A node is plain data; scalar text lives beside it
/// in `YAMLDocument.texts`, so copying nodes never touches reference counts.
package struct YAMLNode: Sendable {
    /// What the node is.
    package enum Kind: UInt8, Sendable {
        /// A scalar; `YAMLDocument.texts` holds its text.
        case scalar
        /// A sequence; its items follow it.
        case sequence
        /// A mapping; its keys and values follow it, alternating.
        case mapping
        /// A value the composer refused and already reported (an alias, a too-deep subtree, a value cut off
        /// by a syntax error). Readers skip it silently.
        case invalid
    }

    /// How a scalar was written. Only plain scalars are resolved (`true`, `12`, `~`); every other style, and
    /// a scalar tagged `!!str`, is text.
    package enum ScalarStyle: UInt8, Sendable {
        /// Unquoted.
        case plain
        /// Single- or double-quoted, literal (`|`), folded (`>`) or tagged `!!str`.
        case quoted
    }

    /// What the node is.
    package let kind: Kind
    /// How a scalar was written (`plain` for containers).
    package let style: ScalarStyle
    /// Whether this is a mapping key the composer dropped because an earlier key in the same mapping had the
    /// same text. Readers skip the key and its value.
    package internal(set) var isDroppedKey: Bool
    /// Whether this container was still open when a syntax error stopped reading, so it may lack entries.
    /// Readers do not report missing keys in it.
    package internal(set) var isCutOff: Bool
    /// 1-based line of the node's first character.
    package let line: Int32
    /// 1-based column of the node's first character, in Unicode scalars.
    package let column: Int32
    /// Whether this is a plain scalar that YAML reads as null: empty, `~`, `null`, `Null` or `NULL`.
    package let isNull: Bool
    /// The index one past the node's last descendant (`index + 1` for scalars and placeholders).
    package internal(set) var end: Int32

    init(kind: Kind, style: ScalarStyle = .plain, isNull: Bool = false, line: Int, column: Int, end: Int) {
        self.kind = kind
        self.style = style
        self.isDroppedKey = false
        self.isCutOff = false
        self.isNull = isNull
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
        self.end = Int32(clamping: end)
    }

    /// Whether a plain scalar's UTF-8 bytes read as null in YAML. Checked on every scalar, so on the bytes
    /// libyaml hands over, before any string is compared.
    static func isNullText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4:
            // null, Null, NULL
            let (n, u, l1, l2) = (bytes[0], bytes[1], bytes[2], bytes[3])
            guard n == UInt8(ascii: "n") || n == UInt8(ascii: "N") else { return false }
            let isLower = u == UInt8(ascii: "u") && l1 == UInt8(ascii: "l") && l2 == UInt8(ascii: "l")
            let isUpper = u == UInt8(ascii: "U") && l1 == UInt8(ascii: "L") && l2 == UInt8(ascii: "L")
            return isLower || (n == UInt8(ascii: "N") && isUpper)
        default: return false
        }
    }
}

/// A composed YAML document: its nodes in document order and the file they came from.
package struct YAMLDocument: Sendable {
    /// The path of the file, for locations.
    package let path: String
    /// Every node in document order; see `YAMLNode` for the layout.
    package internal(set) var nodes: [YAMLNode]
    /// The text of each node, at the node's index: a scalar's value, empty for other nodes.
    package internal(set) var texts: YAMLTexts
    /// The index of the root node, or `nil` when the file holds no document.
    package internal(set) var root: Int?

    init(path: String) {
        self.path = path
        self.nodes = []
        self.texts = YAMLTexts()
        self.root = nil
    }

    /// The node at `index`.
    package subscript(index: Int) -> YAMLNode {
        nodes[index]
    }

    /// Where the node at `index` starts.
    package func location(of index: Int) -> SourceLocation {
        let node = nodes[index]
        return SourceLocation(file: path, line: Int(node.line), column: Int(node.column))
    }

    /// The key and value indices of the mapping at `index`, in order, without dropped duplicate keys.
    package func pairs(of index: Int) -> MappingPairs {
        MappingPairs(nodes: nodes, start: index + 1, end: Int(nodes[index].end))
    }

    /// The item indices of the sequence at `index`, in order.
    package func items(of index: Int) -> SequenceItems {
        SequenceItems(nodes: nodes, start: index + 1, end: Int(nodes[index].end))
    }
}

/// The key/value index pairs of one mapping, walked by hopping over subtrees.
package struct MappingPairs: Sequence, Sendable {
    let nodes: [YAMLNode]
    let start: Int
    let end: Int

    /// The number of pairs, counted by hopping over them (O(n)).
    package var count: Int {
        var count = 0
        var iterator = Iterator(nodes: nodes, cursor: start, end: end)
        while iterator.next() != nil { count += 1 }
        return count
    }

    /// Iterates the pairs of a mapping.
    package struct Iterator: IteratorProtocol {
        let nodes: [YAMLNode]
        var cursor: Int
        let end: Int

        /// The next pair's key and value indices, skipping dropped duplicate keys.
        package mutating func next() -> (key: Int, value: Int)? {
            while cursor < end {
                let key = cursor
                let value = Int(nodes[key].end)
                guard value < end else { return nil }
                cursor = Int(nodes[value].end)
                if !nodes[key].isDroppedKey { return (key, value) }
            }
            return nil
        }
    }

    /// Starts at the mapping's first pair.
    package func makeIterator() -> Iterator {
        Iterator(nodes: nodes, cursor: start, end: end)
    }
}

/// The item indices of one sequence, walked by hopping over subtrees.
package struct SequenceItems: Sequence, Sendable {
    let nodes: [YAMLNode]
    let start: Int
    let end: Int

    /// Iterates the items of a sequence.
    package struct Iterator: IteratorProtocol {
        let nodes: [YAMLNode]
        var cursor: Int
        let end: Int

        /// The next item's index.
        package mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let item = cursor
            cursor = Int(nodes[item].end)
            return item
        }
    }

    /// Starts at the sequence's first item.
    package func makeIterator() -> Iterator {
        Iterator(nodes: nodes, cursor: start, end: end)
    }
}
