/// A run of input bytes that a record's usual start was read from once — a `records/modify` operation's
/// wrapper up to its record (`{"operationType": "create", "record": `), a record's keys and type after its
/// name (`,"recordType":"Note","fields":`) —, kept so that the records after it, written the same way, are
/// passed over with one comparison instead of being read again.
///
/// Reading these bytes is a function of the bytes alone (no escapes, no findings: only runs read that way
/// are learned), so the same bytes would be read the same way: the caller sets the state the reading left
/// and goes on after them. Anything else — another spacing, another order, another type — differs from the
/// run at some byte and is read as before. Relearned by every checker (one per worker and block).
struct LearnedRun {
    /// `capacity` bytes of the worker's scratch memory.
    private let storage: UnsafeMutablePointer<UInt8>
    /// The run's length; 0 until one is learned.
    private(set) var count = 0

    /// The longest run kept (a longer one is not learned: the usual wrappers are 20–40 bytes).
    static let capacity = 64

    init(storage: UnsafeMutablePointer<UInt8>) {
        self.storage = storage
    }

    /// Whether the bytes at `position` (before `end`) are the learned run.
    @inline(__always) func matches(_ bytes: UnsafePointer<UInt8>, at position: Int, end: Int) -> Bool {
        count > 0 && position &+ count <= end && memoryEquals(bytes + position, storage, count)
    }

    /// Keeps `bytes[start..<end]` as the run, when it fits.
    mutating func learn(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        let length = end - start
        guard length > 0, length <= Self.capacity else { return }
        storage.update(from: bytes + start, count: length)
        count = length
    }
}
