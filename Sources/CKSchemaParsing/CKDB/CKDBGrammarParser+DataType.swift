import CKSchemaCore

/// Data types: `[ENCRYPTED] primitive`, `LIST<[ENCRYPTED] primitive>`, `NUMBER [PREFERRED AS INT64|DOUBLE]`.
/// Read without recursion: a nested `LIST` is an error, so depth never grows with the input.
extension CKDBGrammarParser {
    /// The primitive types, as error messages list them.
    private static let primitiveList = "ASSET, BYTES, DOUBLE, INT64, LOCATION, NUMBER, REFERENCE, STRING, TIMESTAMP"

    /// Reads the data type of field `field`; `nil` after reporting an error.
    ///
    /// `ENCRYPTED` is accepted before every primitive (`ENCRYPTED ASSET`): the model holds it and a lint rule
    /// reports the types CloudKit cannot encrypt.
    mutating func parseDataType(forField field: String, subject: SchemaPath) -> FieldType? {
        var isList = false
        if isKeyword(.list) {
            consumeKeyword()
            guard token.kind == .leftAngle else {
                reportExpected("'<' after 'LIST' in the type of field '\(field)'", subject: subject)
                return nil
            }
            advance()
            isList = true
        }
        var isEncrypted = false
        if isKeyword(.encrypted) {
            consumeKeyword()
            isEncrypted = true
        }
        if isKeyword(.list) {
            if isList {
                report("lists cannot be nested: field '\(field)' has 'LIST' inside 'LIST<…>'", subject: subject)
            } else {
                report("'ENCRYPTED' goes inside the list: write 'LIST<ENCRYPTED …>' for field '\(field)'",
                       subject: subject)
            }
            return nil
        }
        let context: String
        switch (isList, isEncrypted) {
        case (false, false): context = "after field '\(field)' (\(Self.primitiveList) or LIST<…>)"
        case (true, false): context = "after 'LIST<' in field '\(field)' (\(Self.primitiveList))"
        case (_, true): context = "after 'ENCRYPTED' in field '\(field)' (\(Self.primitiveList))"
        }
        guard let primitive = parsePrimitive(context: context, subject: subject) else { return nil }
        if isList {
            guard token.kind == .rightAngle else {
                reportExpected("'>' to close 'LIST<' in field '\(field)'", subject: subject)
                return nil
            }
            advance()
        }
        return FieldType(primitive, isEncrypted: isEncrypted, isList: isList)
    }

    /// Reads a primitive type, with `NUMBER`'s optional preference; `nil` after reporting an error.
    private mutating func parsePrimitive(context: String, subject: SchemaPath) -> PrimitiveType? {
        let primitive: PrimitiveType
        switch currentKeyword {
        case .asset?: primitive = .asset
        case .bytes?: primitive = .bytes
        case .double?: primitive = .double
        case .int64?: primitive = .int64
        case .location?: primitive = .location
        case .reference?: primitive = .reference
        case .string?: primitive = .string
        case .timestamp?: primitive = .timestamp
        case .number?: primitive = .number(preferredAs: nil)
        default:
            reportExpected("a data type \(context)", subject: subject)
            return nil
        }
        consumeKeyword()
        guard primitive == .number(preferredAs: nil), isKeyword(.preferred) else { return primitive }
        consumeKeyword()
        guard isKeyword(.as) else {
            reportExpected("'AS' after 'NUMBER PREFERRED'", subject: subject)
            return nil
        }
        consumeKeyword()
        let preference: NumberPreference
        switch currentKeyword {
        case .int64?: preference = .int64
        case .double?: preference = .double
        default:
            reportExpected("'INT64' or 'DOUBLE' after 'NUMBER PREFERRED AS'", subject: subject)
            return nil
        }
        consumeKeyword()
        return .number(preferredAs: preference)
    }
}
