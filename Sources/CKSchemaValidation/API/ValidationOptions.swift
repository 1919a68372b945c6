#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `RecordValidator` reads its input and judges what it finds.
package struct ValidationOptions: Hashable, Sendable {
    /// The JSON dialect the records are written in.
    package enum RecordFormat: Hashable, Sendable {
        /// CloudKit Web Services record dictionaries (`{"recordName", "recordType", "fields": …}`), alone, in
        /// an array, in a `{"records": […]}` response, or one per line (NDJSON).
        case webServices
        /// cktool `--fields-json` payloads (`{"title": {"type": "stringType", "value": …}}`), which do not
        /// name their record type: every payload is checked against `recordType`.
        case cktoolFields(recordType: String)
    }

    /// Which environment's behaviour to assume for names the schema does not declare.
    package enum Environment: String, Hashable, Sendable, CaseIterable {
        /// Production rejects unknown record types and fields: they are errors.
        case production
        /// Development creates unknown types and fields just in time: they are warnings.
        case development
    }

    /// The JSON dialect; `.webServices` by default.
    package var format: RecordFormat
    /// `.production` by default.
    package var environment: Environment
    /// How many threads validate NDJSON lines and array elements; 1 validates on the calling thread only.
    package var parallelism: Int
    /// How many bytes are read and validated per step. Memory stays near `parallelism`-independent
    /// `readBlockSize` plus the largest record.
    package var readBlockSize: Int
    /// Records whose JSON text is longer than this are reported as too large without being held in memory.
    package var maximumRecordBytes: Int
    /// The deepest JSON nesting accepted inside a record (records need about six levels).
    package var maximumDepth: Int
    /// The most findings kept and listed; beyond it findings are only counted (`ValidationResult.omitted`), so
    /// memory stays bounded however many findings an input holds. `Int.max` keeps them all.
    package var maximumFindings: Int

    /// The default of `maximumFindings`.
    package static let defaultMaximumFindings = 10_000

    /// Creates options; the defaults suit the command-line tool.
    package init(
        format: RecordFormat = .webServices,
        environment: Environment = .production,
        parallelism: Int = ValidationOptions.availableProcessors,
        readBlockSize: Int = 8 << 20,
        maximumRecordBytes: Int = 32 << 20,
        maximumDepth: Int = 512,
        maximumFindings: Int = ValidationOptions.defaultMaximumFindings
    ) {
        self.format = format
        self.environment = environment
        self.parallelism = max(1, parallelism)
        self.readBlockSize = max(4096, readBlockSize)
        self.maximumRecordBytes = max(1024, maximumRecordBytes)
        self.maximumDepth = max(8, maximumDepth)
        self.maximumFindings = max(1, maximumFindings)
    }

    /// The number of processors the system reports online (at least 1).
    package static var availableProcessors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
