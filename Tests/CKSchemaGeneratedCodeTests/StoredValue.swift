#if canImport(CloudKit)
import CloudKit

/// Returns what `values` stores for `key` as `Any`, so tests can cast it with the same bridging casts the
/// generated code uses (a cast of the Objective-C existential itself draws a compiler warning).
func stored(_ key: String, in values: any CKRecordKeyValueSetting) -> Any? {
    values.object(forKey: key).map { $0 as Any }
}
#endif
