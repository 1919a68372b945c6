#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognises the kernel's virtual file systems, whose "regular files" are views of kernel state rather than
/// data: `/proc/self/environ` reports a size of 0 and holds the process's whole environment.
enum FileSystemKind {
    /// The name of the virtual file system `descriptor` lies on (`proc`, `sysfs`), or `nil` for a file on disk.
    static func virtualFileSystem(of descriptor: Int32) -> String? {
        #if os(Linux)
        guard let fstatfs = systemFStatFS else { return nil }
        // `struct statfs` starts with `f_type` (a `long`) on every Linux ABI; the buffer is larger than the struct.
        var buffer = [Int](repeating: 0, count: 64)
        let result = buffer.withUnsafeMutableBytes { fstatfs(descriptor, $0.baseAddress!) }
        guard result == 0 else { return nil }
        return virtualFileSystems[UInt32(truncatingIfNeeded: buffer[0])]
        #else
        var status = statfs()
        guard fstatfs(descriptor, &status) == 0 else { return nil }
        let name = withUnsafeBytes(of: status.f_fstypename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return ["devfs", "fdesc"].contains(name) ? name : nil
        #endif
    }

    #if os(Linux)
    /// The magic numbers (`linux/magic.h`) of the file systems whose files are kernel state.
    private static let virtualFileSystems: [UInt32: String] = [
        0x9FA0: "proc", 0x6265_6572: "sysfs", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
        0x7363_6673: "securityfs", 0x0027_E0EB: "cgroup", 0x6367_7270: "cgroup2", 0x6265_6570: "configfs",
        0xDE5E_81E4: "efivarfs", 0xCAFE_4A11: "bpf", 0x6165_676C: "pstore", 0x4249_4E4D: "binfmt_misc",
        0x6573_5543: "fusectl", 0x1CD1: "devpts",
    ]
    #endif
}

#if os(Linux)
/// The type of glibc's `fstatfs`.
private typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32

/// glibc's `fstatfs`, looked up at run time because the Swift module does not declare it.
private let systemFStatFS: FStatFS? = {
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "fstatfs") else { return nil }
    return unsafeBitCast(symbol, to: FStatFS.self)
}()
#endif
