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
        if let field = SystemField(rawValue: name) {
            self = field
        } else if let field = SystemField.allCases.first(where: { $0.yamlKey == name }) {
            self = field
        } else {
            return nil
        }
    }
}
