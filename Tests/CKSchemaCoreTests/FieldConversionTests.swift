import CKSchemaCore
import Testing

/// The conversions `replaces:` may declare: exactly the table the format documents, each with its way back,
/// and the ones that can change a value marked as such.
@Suite struct FieldConversionTests {
    static let primitives: [(name: String, type: FieldType)] = [
        ("string", .string), ("int64", .int64), ("double", .double), ("timestamp", .timestamp), ("bytes", .bytes),
        ("asset", .asset), ("location", .location), ("reference", .reference), ("number", .number),
    ]

    /// Old → new scalar pairs that convert (besides a type into itself).
    static let allowed: Set<String> = [
        "int64>double", "double>int64", "string>int64", "string>double", "int64>string", "double>string",
        "timestamp>double", "double>timestamp", "reference>string", "string>reference",
    ]

    @Test func theScalarTableIsExactlyTheDocumentedOne() {
        for old in Self.primitives {
            for new in Self.primitives {
                let conversion = FieldConversion.converting(from: old.type, to: new.type)
                let expected = old.name == new.name || Self.allowed.contains("\(old.name)>\(new.name)")
                #expect((conversion != nil) == expected, "\(old.name) → \(new.name)")
                // A value into a one-element list converts exactly when the element does; a list never into a
                // single value (which element would it be?).
                #expect((FieldConversion.converting(from: old.type, to: .list(new.type)) != nil) == expected)
                #expect(FieldConversion.converting(from: .list(old.type), to: new.type) == nil)
                #expect((FieldConversion.converting(from: .list(old.type), to: .list(new.type)) != nil) == expected)
            }
        }
    }

    @Test func encryptionDoesNotMatter() {
        #expect(FieldConversion.converting(from: .string.encrypted, to: .string) == .identity)
        #expect(FieldConversion.converting(from: .int64, to: .double.encrypted) == .integerToDouble)
    }

    @Test func everyConversionHasAWayBackThatLeadsHome() {
        for old in Self.primitives {
            for new in Self.primitives {
                for target in [new.type, .list(new.type)] {
                    guard let conversion = FieldConversion.converting(from: old.type, to: target) else { continue }
                    #expect(conversion.inverse.inverse == conversion, "\(old.name) → \(target)")
                }
            }
        }
    }

    @Test func onlyNumericNarrowingAndListTruncationCanLoseInformation() {
        #expect(FieldConversion.integerToDouble.canLoseInformation)
        #expect(FieldConversion.doubleToInteger.canLoseInformation)
        #expect(FieldConversion.scalarToList(.integerToDouble).canLoseInformation)
        #expect(!FieldConversion.scalarToList(.identity).canLoseInformation)
        #expect(FieldConversion.scalarToList(.identity).inverse.canLoseInformation)
        for lossless: FieldConversion in [.identity, .stringToInteger, .stringToDouble, .integerToString, .doubleToString,
                                          .timestampToDouble, .doubleToTimestamp, .referenceToString, .stringToReference] {
            #expect(!lossless.canLoseInformation, "\(lossless)")
        }
    }
}
