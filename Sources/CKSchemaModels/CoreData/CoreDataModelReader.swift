package import CKSchemaCore
import CKSchemaFiles
import Foundation

/// Reads Core Data models from disk: an `.xcdatamodeld` bundle (its current version, named by
/// `.xccurrentversion`; without one, the only or last `.xcdatamodel` by name), an `.xcdatamodel` folder, or
/// its `contents` file. Problems are located diagnostics in the result, never a throw or a crash.
package enum CoreDataModelReader {
    /// The largest `contents` file read (the schema size limit).
    package static let sizeLimit = InputFile.schemaSizeLimit

    /// True when `path` names a Core Data model (by its extension, or a `contents` file inside one).
    package static func isModelPath(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "xcdatamodeld" || ext == "xcdatamodel" { return true }
        return (path as NSString).lastPathComponent == "contents"
            && ((path as NSString).deletingLastPathComponent as NSString).pathExtension.lowercased() == "xcdatamodel"
    }

    package static func read(_ path: String) -> DataModelReadResult {
        var diagnostics: [Diagnostic] = []
        let contents = contentsPath(of: path, diagnostics: &diagnostics)
        guard let contents else {
            return DataModelReadResult(model: DataModel(), diagnostics: diagnostics.map(DiagnosticRecord.init), files: [path])
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(contents, limit: sizeLimit)
        } catch {
            diagnostics.append(.error(ModelReadDiagnostics.unreadable, "the Core Data model cannot be read: \(error.description)",
                                      at: SourceLocation(file: contents, line: 1, column: 1)))
            return DataModelReadResult(model: DataModel(), diagnostics: diagnostics.map(DiagnosticRecord.init), files: [contents])
        }
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            diagnostics.append(.error(ModelReadDiagnostics.unreadable, "'\(contents)' is not UTF-8 text",
                                      at: firstInvalidUTF8(slice, path: contents)))
            return DataModelReadResult(model: DataModel(), diagnostics: diagnostics.map(DiagnosticRecord.init), files: [contents])
        }
        let (model, parsed) = CoreDataModelParser.parse(text, path: contents)
        return DataModelReadResult(model: model, diagnostics: (diagnostics + parsed).map(DiagnosticRecord.init),
                                   files: [contents])
    }

    /// The `contents` file that `path` stands for, or `nil` with a diagnostic saying why there is none.
    private static func contentsPath(of path: String, diagnostics: inout [Diagnostic]) -> String? {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "xcdatamodeld" {
            guard isFolder(path) else {
                diagnostics.append(.error(ModelReadDiagnostics.unreadable, "'\(path)' is not an .xcdatamodeld folder", at: start))
                return nil
            }
            guard let version = currentVersion(of: path, diagnostics: &diagnostics) else { return nil }
            return ((path as NSString).appendingPathComponent(version) as NSString).appendingPathComponent("contents")
        }
        if ext == "xcdatamodel" {
            guard isFolder(path) else {
                diagnostics.append(.error(ModelReadDiagnostics.unreadable, "'\(path)' is not an .xcdatamodel folder", at: start))
                return nil
            }
            return (path as NSString).appendingPathComponent("contents")
        }
        return path
    }

    /// The `.xcdatamodel` versions of a bundle, oldest first: by name, numbers compared as numbers ("App" <
    /// "App 2" < "App 10"), as Xcode names the versions it adds.
    package static func versions(of bundle: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? [])
            .filter { ($0 as NSString).pathExtension.lowercased() == "xcdatamodel" }
            .sorted {
                ($0 as NSString).deletingPathExtension.compare(($1 as NSString).deletingPathExtension, options: .numeric)
                    == .orderedAscending
            }
    }

    /// The `.xcdatamodel` the bundle's `.xccurrentversion` names; without that file, the only or last version.
    package static func currentVersion(of bundle: String, diagnostics: inout [Diagnostic]) -> String? {
        let versions = versions(of: bundle)
        let marker = (bundle as NSString).appendingPathComponent(".xccurrentversion")
        if let bytes = try? InputFile.readIfPresent(marker, limit: 1 << 20) {
            let document = XMLScanner.scan(String(decoding: bytes, as: UTF8.self), path: marker)
            if let error = document.error {
                diagnostics.append(.error(ModelReadDiagnostics.syntax, "'\(marker)' is not well-formed XML: \(error.message)",
                                          at: error.location))
                return nil
            }
            // <dict><key>_XCCurrentVersionName</key><string>Model 2.xcdatamodel</string></dict>
            let elements = document.elements
            if let key = elements.firstIndex(where: { $0.name == "key" && $0.text == "_XCCurrentVersionName" }),
               key + 1 < elements.count, elements[key + 1].name == "string" {
                let name = elements[key + 1].text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard versions.contains(name) else {
                    diagnostics.append(.error(ModelReadDiagnostics.unreadable,
                                              "'\(marker)' names the current version '\(name)', which the bundle does not hold",
                                              at: elements[key + 1].location))
                    return nil
                }
                return name
            }
        }
        guard let last = versions.last else {
            diagnostics.append(.error(ModelReadDiagnostics.unreadable, "'\(bundle)' holds no .xcdatamodel version",
                                      at: SourceLocation(file: bundle, line: 1, column: 1)))
            return nil
        }
        return last
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The line and column of the first byte that is not UTF-8.
    private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>, path: String) -> SourceLocation {
        var line = 1
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.endIndex,
                  String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil else { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(file: path, line: line, column: column)
    }
}
