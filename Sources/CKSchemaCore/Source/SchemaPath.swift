/// A typed address of an element in a schema, independent of line numbers.
///
/// Rules speak in paths; a `SourceMap` resolves a path to where the element was written.
package enum SchemaPath: Hashable, Sendable {
    /// A custom role declaration.
    case role(String)
    /// A record type's name.
    case recordType(String)
    /// A user field's name.
    case field(String, String)
    /// A user field's data type.
    case fieldType(String, String)
    /// One index option on a user field.
    case fieldIndex(String, String, FieldIndexes)
    /// A system field mentioned by a record type.
    case systemField(String, SystemField)
    /// The n-th (0-based) grant entry of a record type.
    case grant(String, Int)
    /// A YAML key of a record type (`database`, `grants`, `systemFields`, …).
    case recordTypeKey(String, String)
    /// A YAML key of a field (`enum`, `default`, `to`, `action`, …).
    case fieldKey(String, String, String)

    /// The record type the path lies in, if any.
    package var recordType: String? {
        switch self {
        case .role: nil
        case .recordType(let type), .field(let type, _), .fieldType(let type, _), .fieldIndex(let type, _, _),
            .systemField(let type, _), .grant(let type, _), .recordTypeKey(let type, _), .fieldKey(let type, _, _):
            type
        }
    }

    /// The path of the enclosing element, used when an element has no location of its own.
    package var parent: SchemaPath? {
        switch self {
        case .role, .recordType: nil
        case .field(let type, _), .systemField(let type, _), .grant(let type, _), .recordTypeKey(let type, _):
            .recordType(type)
        case .fieldType(let type, let field), .fieldIndex(let type, let field, _), .fieldKey(let type, let field, _):
            .field(type, field)
        }
    }
}

extension SchemaPath: CustomStringConvertible {
    /// A stable dotted form for machine-readable output: `Note.title`, `Note.title:type`, `Note.grants[0]`.
    package var description: String {
        switch self {
        case .role(let name): "roles.\(name)"
        case .recordType(let type): type
        case .field(let type, let field): "\(type).\(field)"
        case .fieldType(let type, let field): "\(type).\(field):type"
        case .fieldIndex(let type, let field, let index): "\(type).\(field):\(index.yamlName)"
        case .systemField(let type, let field): "\(type).\(field.name)"
        case .grant(let type, let index): "\(type).grants[\(index)]"
        case .recordTypeKey(let type, let key): "\(type):\(key)"
        case .fieldKey(let type, let field, let key): "\(type).\(field):\(key)"
        }
    }
}
