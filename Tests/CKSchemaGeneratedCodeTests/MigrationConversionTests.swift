import Foundation
import Testing

/// The conversions of field migrations (`EdgeCaseSchema.Migration`, generated on every platform) at their limits,
/// each way.
@Suite struct MigrationConversionTests {
    typealias Convert = EdgeCaseSchema.Migration

    @Test func integersBecomeDoublesExactlyUpTo2To53() {
        #expect(Convert.integerToDouble(9_007_199_254_740_992) == 9_007_199_254_740_992)
        // Beyond 2^53 the nearest double: why such a migration must say `lossy: true`.
        #expect(Convert.integerToDouble(9_007_199_254_740_993) == 9_007_199_254_740_992)
        #expect(Convert.integerToDouble(.max) == 9_223_372_036_854_775_808)
        #expect(Convert.integerToDouble(.min) == -9_223_372_036_854_775_808)
    }

    @Test func doublesBecomeTheirIntegerPartWithinRange() {
        #expect(Convert.doubleToInteger(2.9) == 2)
        #expect(Convert.doubleToInteger(-2.9) == -2)
        #expect(Convert.doubleToInteger(0.999) == 0)
        #expect(Convert.doubleToInteger(-0.0) == 0)
        #expect(Convert.doubleToInteger(.nan) == nil)
        #expect(Convert.doubleToInteger(.infinity) == nil)
        #expect(Convert.doubleToInteger(-.infinity) == nil)
        #expect(Convert.doubleToInteger(-9_223_372_036_854_775_808) == .min)
        #expect(Convert.doubleToInteger(9_223_372_036_854_775_808) == nil)           // 2^63
        #expect(Convert.doubleToInteger(9_223_372_036_854_774_784) == 9_223_372_036_854_774_784)   // largest below
        #expect(Convert.doubleToInteger(-9_223_372_036_854_777_856) == nil)          // below -2^63
    }

    @Test func stringsParseAsNumbersOrAsNoValue() {
        #expect(Convert.stringToInteger("42") == 42)
        #expect(Convert.stringToInteger(" -7\n") == -7)
        #expect(Convert.stringToInteger("+3") == 3)
        #expect(Convert.stringToInteger("9223372036854775807") == .max)
        #expect(Convert.stringToInteger("9223372036854775808") == nil)
        #expect(Convert.stringToInteger("4.2") == nil)
        #expect(Convert.stringToInteger("") == nil)
        #expect(Convert.stringToInteger("forty") == nil)
        #expect(Convert.stringToDouble("2.5") == 2.5)
        #expect(Convert.stringToDouble("1e3") == 1000)
        #expect(Convert.stringToDouble(" -0.25 ") == -0.25)
        #expect(Convert.stringToDouble("NaN") == nil)
        #expect(Convert.stringToDouble("inf") == nil)
        #expect(Convert.stringToDouble("1e999") == nil)
        #expect(Convert.stringToDouble("2,5") == nil)
    }

    @Test func numbersBecomeTextThatParsesBack() {
        #expect(Convert.integerToString(.min) == "-9223372036854775808")
        #expect(Convert.integerToString(.min).flatMap(Convert.stringToInteger) == .min)
        #expect(Convert.doubleToString(0.1) == "0.1")
        #expect(Convert.doubleToString(3) == "3.0")
        for value in [0.1, 1e-300, 1.7976931348623157e308, -2.5, 123_456_789.123] {
            #expect(Convert.doubleToString(value).flatMap(Convert.stringToDouble) == value)
        }
        #expect(Convert.doubleToString(.nan) == nil && Convert.doubleToString(.infinity) == nil)
    }

    @Test func timestampsAreSecondsSince1970() {
        #expect(Convert.timestampToDouble(Date(timeIntervalSince1970: -1.5)) == -1.5)
        #expect(Convert.doubleToTimestamp(1_700_000_000.25) == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(Convert.doubleToTimestamp(.nan) == nil && Convert.doubleToTimestamp(-.infinity) == nil)
        let date = Date(timeIntervalSince1970: 1_234_567.875)
        #expect(Convert.timestampToDouble(date).flatMap(Convert.doubleToTimestamp) == date)
    }

    @Test func referencesAreRecordNames() {
        let id = EdgeCaseSchema.RecordID<Migrated>(recordName: "r1", zoneName: "Zone")
        #expect(Convert.recordName(id) == "r1")
    }

    @Test func scalarsBecomeOneElementListsAndBack() {
        #expect(Convert.list(Int64(3)) == [3])
        #expect(Convert.first([Int64(3), 4]) == 3)                               // the rest is lost (lossy)
        #expect(Convert.first([Int64]()) == nil)
        let each = Convert.each(Convert.integerToDouble)
        #expect(each([1, 2]) == [1, 2])
        #expect(Convert.each(Convert.stringToInteger)(["1", "x"]) == nil)       // one element fails: no value
        #expect(Convert.each(Convert.stringToInteger)([]) == [])
    }
}
