import CKSchemaCore

/// The metadata of a field that states none, and of a YAML `bool` field, copied into each field the parsers
/// read: calling `FieldMetadata`'s initializer from this module (nine default arguments, and a copy of the
/// result) cost twice as much, 6 M instructions at CloudKit's limits in YAML and 11 M in `.ckdb`.
enum PrebuiltFieldMetadata {
    static let none = FieldMetadata()
    static let bool = FieldMetadata(logicalType: .bool)
}
