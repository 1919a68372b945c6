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
        guard var primitive = currentKeyword?.primitiveType else {
            // Only now, on the error path, is the message built.
            switch (isList, isEncrypted) {
            case (false, false):
                reportExpected("a data type after field '\(field)' (\(Self.primitiveList) or LIST<…>)", subject: subject)
            case (true, false):
                reportExpected("a data type after 'LIST<' in field '\(field)' (\(Self.primitiveList))", subject: subject)
            case (_, true):
                reportExpected("a data type after 'ENCRYPTED' in field '\(field)' (\(Self.primitiveList))", subject: subject)
            }
            return nil
        }
        consumeKeyword()
        if primitive == .number(preferredAs: nil) && isKeyword(.preferred) {
            guard let preference = parseNumberPreference(subject: subject) else { return nil }
            primitive = .number(preferredAs: preference)
        }
        if isList {
            guard token.kind == .rightAngle else {
                reportExpected("'>' to close 'LIST<' in field '\(field)'", subject: subject)
                return nil
            }
            advance()
        }
        return FieldType(primitive, isEncrypted: isEncrypted, isList: isList)
    }

    /// Reads `PREFERRED AS INT64|DOUBLE` after `NUMBER`; `nil` after reporting an error.
    private mutating func parseNumberPreference(subject: SchemaPath) -> NumberPreference? {
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
        return preference
    }
}
