/// One line per change, for reports: `attribute 'Trip.rating' retyped: Int (INT64) → String (STRING)`.
extension ModelChange: CustomStringConvertible {
    package var description: String {
        let subject = "\(element.rawValue) '\((current ?? shipped)?.name ?? entity)'"
        let hint = renameHint.map { kind == .added ? " (looks like '\($0)' renamed without a renaming identifier)"
            : " (looks renamed to '\($0)' without a renaming identifier)" } ?? ""
        switch kind {
        case .added:
            return "\(subject) added" + (current?.value.map { ": \($0)" } ?? "") + hint
        case .removed:
            return "\(element.rawValue) '\(shipped?.name ?? entity)' removed" + hint
        case .renamed:
            return "\(element.rawValue) '\(shipped?.name ?? "")' renamed to '\(current?.name ?? "")' (renaming identifier)"
        default:
            return "\(subject) \(Self.verbs[kind] ?? kind.rawValue): \(shipped?.value ?? "?") → \(current?.value ?? "?")"
        }
    }

    private static let verbs: [Kind: String] = [
        .typeChanged: "type changed", .optionalityChanged: "optionality changed", .defaultChanged: "default changed",
        .cardinalityChanged: "cardinality changed", .destinationChanged: "destination changed",
        .inverseChanged: "inverse changed", .deleteRuleChanged: "delete rule changed",
        .uniquenessChanged: "uniqueness changed", .encryptionChanged: "encryption changed",
        .externalStorageChanged: "external storage changed", .transformerChanged: "transformer changed",
        .orderingChanged: "ordering changed", .parentChanged: "parent entity changed",
    ]
}
