public import Foundation

/// The domain of CloudKit errors.
public let CKErrorDomain: String = "CKErrorDomain"
/// The user-info key of a partial failure's per-item errors.
public let CKPartialErrorsByItemIDKey: String = "CKPartialErrors"
/// The user-info key of the number of seconds after which to retry a request (`retryAfterSeconds`).
public let CKErrorRetryAfterKey: String = "CKRetryAfter"
/// The user-info key of a conflict's ancestor record (the version the client's changes started from).
public let CKRecordChangedErrorAncestorRecordKey: String = "AncestorRecord"
/// The user-info key of a conflict's server record (the version the server holds).
public let CKRecordChangedErrorServerRecordKey: String = "ServerRecord"
/// The user-info key of a conflict's client record (the version the client tried to save).
public let CKRecordChangedErrorClientRecordKey: String = "ClientRecord"

/// A CloudKit error: a code and a user info, as Apple's `_BridgedStoredNSError` struct presents it.
public struct CKError: Error, CustomNSError, Hashable, @unchecked Sendable {
    /// CloudKit's error codes, with Apple's raw values.
    public enum Code: Int, Hashable, Sendable {
        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case badContainer = 5
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case missingEntitlement = 8
        case notAuthenticated = 9
        case permissionFailure = 10
        case unknownItem = 11
        case invalidArguments = 12
        case resultsTruncated = 13
        case serverRecordChanged = 14
        case serverRejectedRequest = 15
        case assetFileNotFound = 16
        case assetFileModified = 17
        case incompatibleVersion = 18
        case constraintViolation = 19
        case operationCancelled = 20
        case changeTokenExpired = 21
        case batchRequestFailed = 22
        case zoneBusy = 23
        case badDatabase = 24
        case quotaExceeded = 25
        case zoneNotFound = 26
        case limitExceeded = 27
        case userDeletedZone = 28
        case tooManyParticipants = 29
        case alreadyShared = 30
        case referenceViolation = 31
        case managedAccountRestricted = 32
        case participantMayNeedVerification = 33
        case serverResponseLost = 34
        case assetNotAvailable = 35
        case accountTemporarilyUnavailable = 36
    }

    /// The error's code.
    public let code: Code
    /// The error's user info (`CKRecordChangedError…RecordKey`, `CKPartialErrorsByItemIDKey`, …).
    public let userInfo: [String: Any]

    /// An error with `code` and `userInfo`, as bridged errors are created.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    public static var errorDomain: String { CKErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { userInfo }

    /// The per-item errors of a `partialFailure`, by record ID (or zone ID).
    public var partialErrorsByItemID: [AnyHashable: any Error]? {
        userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: any Error]
    }

    /// A conflict's ancestor record.
    public var ancestorRecord: CKRecord? { userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord }
    /// A conflict's server record.
    public var serverRecord: CKRecord? { userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord }
    /// The suggested number of seconds to wait before retrying (`requestRateLimited`, `zoneBusy`,
    /// `serviceUnavailable`).
    public var retryAfterSeconds: Double? { (userInfo[CKErrorRetryAfterKey] as? NSNumber)?.doubleValue }
    /// A conflict's client record.
    public var clientRecord: CKRecord? { userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord }

    /// Equal when code and user info are (user-info values compared as objects).
    public static func == (lhs: CKError, rhs: CKError) -> Bool {
        lhs.code == rhs.code && NSDictionary(dictionary: lhs.userInfo).isEqual(to: rhs.userInfo)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    public static var serverRecordChanged: Code { .serverRecordChanged }
    public static var partialFailure: Code { .partialFailure }
    public static var batchRequestFailed: Code { .batchRequestFailed }
}
