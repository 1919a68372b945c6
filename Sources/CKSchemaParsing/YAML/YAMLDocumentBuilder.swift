import CKSchemaCore
import CLibYAML

/// The event loop behind `YAMLComposer`: pulls libyaml events and appends nodes to a flat document,
/// keeping the open containers on an explicit stack.
struct YAMLDocumentBuilder {
    /// A container whose end event has not come yet.
    private struct OpenContainer {
        var index: Int
        var isMapping: Bool
        var childCount: Int
    }

    /// A stored scalar text of at most 16 bytes (its number in `YAMLTexts`), with its bytes as two words
    /// (zero-padded) to compare. Plain numbers: copying one out of the table touches no reference count.
    private struct RecentText {
        var count = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
        var number = YAMLTexts.empty
    }

    private let file: SourceFile
    private let maximumDepth: Int
    private let positions: YAMLPositions
    private(set) var document: YAMLDocument
    private(set) var diagnostics: [Diagnostic] = []
    /// The innermost open container, apart from the others: every node counts as its child, and a count in
    /// an array element cost an array uniqueness check per node.
    private var top: OpenContainer?
    /// The open containers around `top`, outermost first.
    private var stack: [OpenContainer] = []
    /// While skipping a too-deep subtree: how many of its containers are open.
    private var skippedDepth = 0
    private var documentCount = 0
    private var failed = false
    /// Recently stored short scalars (`RecentText`), by a hash of their bytes.
    private var recentTexts = [RecentText](repeating: RecentText(), count: 1024)

    init(file: SourceFile, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
        self.positions = YAMLPositions(text: file.text)
        self.document = YAMLDocument(path: file.path)
    }

    /// Reads the whole file.
    mutating func run() {
        // libyaml insists on a non-null input pointer, which an empty string need not have.
        if !file.text.isEmpty { parse() }
        closeOpenContainers()
        if !failed, document.root.map({ document.nodes[$0].isNull }) ?? true {
            document.root = nil
            diagnostics.append(.error(.emptyFile, "the file holds no schema; it is empty or only comments",
                                      at: SourceLocation(file: file.path, line: 1, column: 1)))
        }
    }

    private mutating func parse() {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            failed = true
            diagnostics.append(.error(.yamlSyntax, "libyaml could not start: out of memory",
                                      at: SourceLocation(file: file.path, line: 1, column: 1)))
            return
        }
        defer { yaml_parser_delete(parser) }
        let estimatedNodes = file.text.utf8.count / 8
        document.nodes.reserveCapacity(estimatedNodes)
        document.texts.reserveCapacity(estimatedNodes)
        var text = file.text
        text.withUTF8 { bytes in
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    failed = true
                    reportFailure(YAMLSyntaxError(parser: parser, positions: positions, text: file.text))
                    return
                }
                let keepGoing = handle(event)
                yaml_event_delete(&event)
                if !keepGoing { return }
            }
        }
    }

    /// Reports the error libyaml stopped with. libyaml refuses nesting deeper than 1,000 levels (its guard
    /// against quadratic scanning); inside a subtree already reported as too deep that is the same problem,
    /// so it only adds a note saying that reading stopped there.
    private mutating func reportFailure(_ error: YAMLSyntaxError) {
        guard error.problem.hasPrefix("Maximum nesting level") else {
            diagnostics.append(error.diagnostic(in: file))
            return
        }
        let note = Note("libyaml stops reading at 1,000 levels; the rest of the file is not read",
                        at: SourceLocation(file: file.path, line: error.problemPosition.line,
                                           column: error.problemPosition.column))
        if skippedDepth > 0, let index = diagnostics.lastIndex(where: { $0.id == .yamlTooDeep }) {
            diagnostics[index].notes.append(note)
        } else {
            diagnostics.append(.error(.yamlTooDeep, "nesting is deeper than libyaml accepts", at: note.location,
                                      notes: [note]))
        }
    }

    /// Handles one event; returns `false` when reading should stop.
    private mutating func handle(_ event: yaml_event_t) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT:
            if skippedDepth == 0 { appendScalar(event) }
        case YAML_SEQUENCE_START_EVENT:
            open(isMapping: false, at: event.start_mark)
        case YAML_MAPPING_START_EVENT:
            open(isMapping: true, at: event.start_mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()
        case YAML_ALIAS_EVENT:
            if skippedDepth == 0 { appendAlias(event) }
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                diagnostics.append(.error(.yamlSyntax,
                                          "a schema file holds one YAML document; this second one is ignored",
                                          at: location(event.start_mark)))
                return false
            }
        case YAML_STREAM_END_EVENT:
            return false
        default:
            break
        }
        return true
    }

    private mutating func appendScalar(_ event: yaml_event_t) {
        let scalar = event.data.scalar
        let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
        let textNumber = text(of: bytes)
        var style: YAMLNode.ScalarStyle = scalar.style == YAML_PLAIN_SCALAR_STYLE ? .plain : .quoted
        // `!!str 12` is text, like a quoted scalar; other tags are ignored.
        if style == .plain, let tag = scalar.tag, String(cString: tag) == "tag:yaml.org,2002:str" {
            style = .quoted
        }
        let position = positions.position(event.start_mark)
        append(YAMLNode(kind: .scalar, style: style, isNull: style == .plain && YAMLNode.isNullText(bytes),
                        line: position.line, column: position.column, end: document.nodes.count + 1),
               text: textNumber)
    }

    /// The number in `document.texts` of a scalar's text, stored if need be. A schema repeats a few short words
    /// (`type`, `indexes`, `queryable`, type and field names) thousands of times, and decoding each again cost
    /// more than the rest of the scalar's handling, so short texts are looked up among recent ones by their
    /// bytes first.
    private mutating func text(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard bytes.count > 0 else { return YAMLTexts.empty }
        guard bytes.count <= 16 else { return document.texts.store(String(decoding: bytes, as: UTF8.self)) }
        let words = ShortBytes.words(of: bytes)
        let mixed = (words.0 &+ words.1 &* 31 &+ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 54)
        let recent = recentTexts[slot]
        if recent.count == bytes.count, recent.low == words.0, recent.high == words.1 { return recent.number }
        let number = document.texts.store(String(decoding: bytes, as: UTF8.self))
        recentTexts[slot] = RecentText(count: bytes.count, low: words.0, high: words.1, number: number)
        return number
    }

    private mutating func appendAlias(_ event: yaml_event_t) {
        let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
        diagnostics.append(.error(.yamlAlias, "alias '*\(name)' is not supported; write the value out in full",
                                  at: location(event.start_mark)))
        appendPlaceholder(at: event.start_mark)
    }

    private mutating func open(isMapping: Bool, at mark: yaml_mark_t) {
        if skippedDepth > 0 {
            skippedDepth += 1
            return
        }
        if stack.count + (top == nil ? 0 : 1) >= maximumDepth {
            diagnostics.append(.error(.yamlTooDeep,
                                      "nesting is deeper than \(maximumDepth) levels; this part is skipped",
                                      at: location(mark)))
            appendPlaceholder(at: mark)
            skippedDepth = 1
            return
        }
        let position = positions.position(mark)
        let index = append(YAMLNode(kind: isMapping ? .mapping : .sequence, line: position.line,
                                    column: position.column, end: document.nodes.count + 1))
        if let top { stack.append(top) }
        top = OpenContainer(index: index, isMapping: isMapping, childCount: 0)
    }

    private mutating func close() {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard let container = top else { return }
        top = stack.popLast()
        finish(container)
    }

    /// Closes the containers a syntax error left open, giving a key without its value a placeholder. An
    /// empty value libyaml produced just before failing is a guess, not text, so it becomes one too.
    private mutating func closeOpenContainers() {
        if failed, top != nil, let last = document.nodes.last, last.kind == .scalar, last.style == .plain,
           document.texts[document.nodes.count - 1].isEmpty {
            document.nodes[document.nodes.count - 1] = YAMLNode(kind: .invalid, line: Int(last.line),
                                                                column: Int(last.column), end: document.nodes.count)
        }
        while let container = top {
            top = stack.popLast()
            if container.isMapping, container.childCount % 2 == 1, let last = document.nodes.last {
                document.nodes.append(YAMLNode(kind: .invalid, line: Int(last.line), column: Int(last.column),
                                               end: document.nodes.count + 1))
                document.texts.append(YAMLTexts.empty)
            }
            document.nodes[container.index].isCutOff = true
            finish(container)
        }
    }

    private mutating func finish(_ container: OpenContainer) {
        document.nodes[container.index].end = Int32(clamping: document.nodes.count)
        if container.isMapping, container.childCount >= 4 {
            let duplicates = YAMLDuplicateKeys.find(in: document, mapping: container.index,
                                                    pairCount: container.childCount / 2)
            for duplicate in duplicates {
                document.nodes[duplicate.key].isDroppedKey = true
                let name = document.texts[duplicate.key]
                diagnostics.append(.error(.yamlDuplicateKey, "duplicate key '\(name)'; the first one is used",
                                          at: document.location(of: duplicate.key),
                                          notes: [Note("'\(name)' is first defined here",
                                                       at: document.location(of: duplicate.first))]))
            }
        }
    }

    private mutating func appendPlaceholder(at mark: yaml_mark_t) {
        let position = positions.position(mark)
        append(YAMLNode(kind: .invalid, line: position.line, column: position.column,
                        end: document.nodes.count + 1))
    }

    @discardableResult
    private mutating func append(_ node: YAMLNode, text: Int32 = YAMLTexts.empty) -> Int {
        let index = document.nodes.count
        document.nodes.append(node)
        document.texts.append(text)
        if top == nil {
            if document.root == nil { document.root = index }
        } else {
            top!.childCount += 1
        }
        return index
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        let position = positions.position(mark)
        return SourceLocation(file: file.path, line: position.line, column: position.column)
    }
}
