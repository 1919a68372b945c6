#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of ckschema's temporary files and folders, and the cleanup of those a killed run left behind.
///
/// Every temporary entry is named `.ckschema-<pid>-<random><suffix>` (hidden, beside what it becomes) or
/// `ckschema-<pid>-XXXXXX` (a private folder under `$TMPDIR`): the process id says who made it. A run that ends
/// normally, or by `SIGINT`/`SIGTERM`/`SIGHUP` during a deploy, removes its own; one killed outright (`SIGKILL`,
/// a power loss) cannot, so later runs remove entries whose process no longer runs on this machine
/// (`removeStale(in:)`). An entry of a live process — or of a pid now reused by another process — is left
/// alone, so cleanup never races a run in progress.
package enum TemporaryName {
    /// What every temporary name holds after its optional leading dot.
    package static let marker = "ckschema-"

    /// A new hidden name: `.ckschema-<pid>-<random><suffix>`, at most 48 bytes whatever it stands for, so a
    /// temporary name fits wherever the final name does.
    package static func make(suffix: String = ".tmp") -> String {
        ".\(marker)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))\(suffix)"
    }

    /// The process id in a temporary name; `nil` for any other name. Three exact forms are recognised, so that
    /// no file of the user's can be taken for one: `.ckschema-<pid>-<base 36>` with an optional `.tmp`,
    /// `ckschema-<pid>-<6 letters or digits>` (a folder from `mkdtemp`), and the form of earlier releases,
    /// `.<name>.ckschema-<pid>-<digits>`.
    package static func owner(of name: String) -> Int32? {
        let bytes = Array(name.utf8)
        let hidden = Array(("." + marker).utf8)
        if bytes.starts(with: hidden) {
            var rest = bytes.dropFirst(hidden.count)
            if rest.count > 4, rest.suffix(4).elementsEqual(".tmp".utf8) { rest = rest.dropLast(4) }
            return pid(in: rest) { $0.allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } }
        }
        if bytes.starts(with: marker.utf8) {
            return pid(in: bytes.dropFirst(marker.utf8.count)) { $0.count == 6 && $0.allSatisfy(isAlphanumeric) }
        }
        if bytes.first == UInt8(ascii: "."), let range = lastRange(of: hidden, in: bytes), range.lowerBound > 1 {
            return pid(in: bytes[range.upperBound...]) { $0.allSatisfy(isDigit) }
        }
        return nil
    }

    /// The pid of `<pid>-<tail>` when `tail` is non-empty and passes `check`.
    private static func pid(in text: ArraySlice<UInt8>, tail check: (ArraySlice<UInt8>) -> Bool) -> Int32? {
        guard let dash = text.firstIndex(of: UInt8(ascii: "-")), dash > text.startIndex, dash - text.startIndex <= 10,
              text[..<dash].allSatisfy(isDigit), let value = Int64(String(decoding: text[..<dash], as: UTF8.self)),
              value > 0, value <= Int64(Int32.max) else { return nil }
        let tail = text[(dash + 1)...]
        return !tail.isEmpty && check(tail) ? Int32(value) : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `name` is a temporary name whose process no longer runs on this machine.
    package static func isStale(_ name: String) -> Bool {
        guard let pid = owner(of: name), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the stale temporary entries directly inside `folder` — files, and folders with what they hold —
    /// that belong to this user; returns their names. Links are removed, never followed.
    @discardableResult
    package static func removeStale(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if owner(of: name) != nil, isStale(name) { stale.append(name) }
        }
        closedir(directory)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        return stale.filter { remove($0, in: descriptor) }
    }

    /// Removes `name` from the open folder `folder` when this user owns it: a file or link at once, a folder
    /// with its entries (ckschema's temporary folders hold files only, one level deep).
    static func remove(_ name: String, in folder: Int32) -> Bool {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_uid == geteuid() else { return false }
        guard status.st_mode & S_IFMT == S_IFDIR else { return unlinkat(folder, name, 0) == 0 }
        let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inner >= 0 else { return false }
        if let directory = fdopendir(dup(inner)) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if entryName != "." && entryName != ".." { names.append(entryName) }
            }
            closedir(directory)
            for entryName in names { _ = unlinkat(inner, entryName, 0) }
        }
        close(inner)
        return unlinkat(folder, name, AT_REMOVEDIR) == 0
    }

    private static func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        for start in stride(from: bytes.count - pattern.count, through: 0, by: -1)
        where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start..<(start + pattern.count)
        }
        return nil
    }
}
