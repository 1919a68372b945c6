public import Foundation
public import CoreLocation

// The record-value protocols, as Apple's CloudKit exposes them to Swift: the Objective-C protocol
// `CKRecordValue` (imported as `__CKRecordObjCValue`) that NSString, NSNumber, NSDate, NSData, NSArray,
// CKRecord.Reference, CKAsset and CLLocation adopt, and the Swift overlay's `CKRecordValueProtocol` that the
// Swift value types adopt too. Conversions between the two follow the overlay: records store Objective-C
// objects; the Swift-facing subscripts hand out native values (numbers come back as `Int64` or `Double`,
// arrays as `[any CKRecordValueProtocol]`).

/// A data type for objects that CloudKit stores on the server (Objective-C `CKRecordValue`).
public protocol __CKRecordObjCValue: NSObjectProtocol {}

/// A data type for objects that CloudKit stores on the server.
public typealias CKRecordValue = __CKRecordObjCValue

/// A description of a CloudKit record value (anything that can be a record value in Swift).
public protocol CKRecordValueProtocol {}

extension NSString: __CKRecordObjCValue {}
extension NSNumber: __CKRecordObjCValue {}
extension NSDate: __CKRecordObjCValue {}
extension NSData: __CKRecordObjCValue {}
extension NSArray: __CKRecordObjCValue {}
extension CLLocation: __CKRecordObjCValue {}

extension String: CKRecordValueProtocol {}
extension Date: CKRecordValueProtocol {}
extension Data: CKRecordValueProtocol {}
extension Bool: CKRecordValueProtocol {}
extension Double: CKRecordValueProtocol {}
extension Float: CKRecordValueProtocol {}
extension Int: CKRecordValueProtocol {}
extension UInt: CKRecordValueProtocol {}
extension Int8: CKRecordValueProtocol {}
extension UInt8: CKRecordValueProtocol {}
extension Int16: CKRecordValueProtocol {}
extension UInt16: CKRecordValueProtocol {}
extension Int32: CKRecordValueProtocol {}
extension UInt32: CKRecordValueProtocol {}
extension Int64: CKRecordValueProtocol {}
extension UInt64: CKRecordValueProtocol {}
extension Array: CKRecordValueProtocol where Element: CKRecordValueProtocol {}
extension NSString: CKRecordValueProtocol {}
extension NSDate: CKRecordValueProtocol {}
extension NSData: CKRecordValueProtocol {}
extension NSNumber: CKRecordValueProtocol {}
extension NSArray: CKRecordValueProtocol {}
extension CLLocation: CKRecordValueProtocol {}

// MARK: - Conversions (the overlay's asObjCRecordValue / asSwiftNativeValue)

/// Converts a Swift record value to the Objective-C object a record stores; `nil` for a value CloudKit
/// cannot store (Apple raises an exception there).
func objectiveCRecordValue(_ value: any CKRecordValueProtocol) -> (any __CKRecordObjCValue)? {
    switch value {
    case let object as any __CKRecordObjCValue: return object
    case let string as String: return NSString(string: string)
    case let date as Date: return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    case let data as Data: return NSData(data: data)
    case let bool as Bool: return NSNumber(value: bool)
    case let double as Double: return NSNumber(value: double)
    case let float as Float: return NSNumber(value: float)
    case let int as Int: return NSNumber(value: int)
    case let int as Int64: return NSNumber(value: int)
    case let int as Int32: return NSNumber(value: int)
    case let int as Int16: return NSNumber(value: int)
    case let int as Int8: return NSNumber(value: int)
    case let int as UInt: return NSNumber(value: int)
    case let int as UInt64: return NSNumber(value: int)
    case let int as UInt32: return NSNumber(value: int)
    case let int as UInt16: return NSNumber(value: int)
    case let int as UInt8: return NSNumber(value: int)
    case let array as [any CKRecordValueProtocol]:
        var objects: [Any] = []
        for element in array {
            guard let object = objectiveCRecordValue(element) else { return nil }
            objects.append(object)
        }
        return NSArray(array: objects)
    default:
        return nil
    }
}

/// Converts a stored Objective-C object to the native Swift value the overlay's subscripts return.
func swiftNativeRecordValue(_ object: any __CKRecordObjCValue) -> any CKRecordValueProtocol {
    switch object {
    case let string as NSString:
        return String(string)
    case let date as NSDate:
        return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    case let data as NSData:
        return Data(referencing: data)
    case let number as NSNumber:
        // All numbers come back as Int64 or Double, as CloudKit's own conversion does.
        let type = String(cString: number.objCType)
        return type == "d" || type == "f" ? number.doubleValue : number.int64Value
    case let array as NSArray:
        // Apple's overlay returns a Swift array of native values bridged to NSArray. Swift on Linux cannot
        // bridge `[any CKRecordValueProtocol]` to a protocol existential, so the stand-in returns the stored
        // NSArray; `as? [Any]` and element casts behave the same on both.
        return array
    case let reference as CKRecord.Reference:
        return reference
    case let asset as CKAsset:
        return asset
    case let location as CLLocation:
        return location
    default:
        // Every type that adopts the Objective-C protocol is handled above.
        return NSString(string: String(describing: object))
    }
}
