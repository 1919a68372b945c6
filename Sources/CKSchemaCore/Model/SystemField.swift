/// The six fields CloudKit keeps on every record type. A schema mentions them only to index them.
package enum SystemField: String, Hashable, Sendable, CaseIterable, Codable {
    case createTime = "___createTime"
    case createdBy = "___createdBy"
    case etag = "___etag"
    case modTime = "___modTime"
    case modifiedBy = "___modifiedBy"
    case recordID = "___recordID"

    /// The schema-language name, e.g. `___recordID`.
    package var name: String { rawValue }

    /// The key the YAML format uses under `systemFields:` (`recordID`).
    package var yamlKey: String { String(rawValue.dropFirst(3)) }

    /// The name the Console and Web Services use (`recordName`, `createdTimestamp`, …).
    package var consoleName: String {
        switch self {
        case .createTime: "createdTimestamp"
        case .createdBy: "createdUserRecordName"
        case .etag: "___etag"
        case .modTime: "modifiedTimestamp"
        case .modifiedBy: "modifiedUserRecordName"
        case .recordID: "recordName"
        }
    }

    /// The type CloudKit gives the field; it cannot be changed.
    package var type: FieldType {
        switch self {
        case .createTime, .modTime: .timestamp
        case .createdBy, .modifiedBy, .recordID: .reference
        case .etag: .string
        }
    }

    /// Returns the system field whose schema-language name or YAML key is `name`.
    package init?(named name: String) {
        // Every raw value is `___` and the YAML key, so a name is looked up once, as a raw value: YAML asks
        // for each `systemFields` entry, and building every case's YAML key to compare cost 3,500 instructions.
        let rawValue = name.utf8.first == UInt8(ascii: "_") ? name : "___" + name
        guard let field = SystemField.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = field
    }
}
