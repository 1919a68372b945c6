package import CKSchemaApp
internal import CKSchemaCore

/// Reads a property list in whichever form its first bytes say: binary (`bplist00`), XML (`<?xml`, `<plist`,
/// `<!DOCTYPE`) or the old-style ASCII form Xcode writes `project.pbxproj` in.
package enum PropertyListReader {
    package static func read(_ bytes: [UInt8], path: String) -> Result<PropertyListNode, PropertyListError> {
        if bytes.starts(with: Array("bplist".utf8)) {
            return BinaryPropertyListReader.read(bytes, path: path)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(PropertyListError("not a property list: neither UTF-8 text nor a binary property list",
                                              at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            return XMLPropertyListReader.read(text, path: path)
        }
        return ASCIIPropertyListReader.read(text, path: path)
    }
}
