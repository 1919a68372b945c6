import Foundation

/// Starts a program with `posix_spawn` in a new process group, with default signal dispositions, an empty
/// signal mask, the given environment and folder, and only its three standard streams open.
enum Spawner {
    /// How often a start that failed for a passing reason is tried in all.
    static let attempts = 5

    /// Starts `executable` (a path) and returns its process id.
    ///
    /// A start that fails with "text file busy" (a script written just before it runs, while another process
    /// that forked meanwhile still holds it open for writing), `EAGAIN` or `EINTR` is retried a few times.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String],
                      pipes: ChildPipes, inheriting inherited: Int32? = nil,
                      in workingDirectory: String? = nil) throws(ChildProcess.LaunchError) -> Int32 {
        // A descriptor already numbered 3 is copied first: `dup2` onto itself would leave it close-on-exec.
        var source = inherited
        if inherited == inheritedNumber { source = fcntl(inheritedNumber, F_DUPFD_CLOEXEC, inheritedNumber + 1) }
        defer { if let source, source != inherited { close(source) } }
        var attempt = 1
        while true {
            let code = spawnOnce(executable, arguments: arguments, environment: environment, pipes: pipes,
                                 inheriting: source, in: workingDirectory)
            switch code {
            case .success(let pid):
                return pid
            case .failure(let failure) where [ETXTBSY, EAGAIN, EINTR].contains(failure.code) && attempt < attempts:
                attempt += 1
                usleep(50_000)
            case .failure(let failure):
                throw .cannotStart(executable: executable, code: failure.code)
            }
        }
    }

    /// The number an inherited descriptor gets in the program.
    static let inheritedNumber: Int32 = 3

    private static func spawnOnce(_ executable: String, arguments: [String], environment: [String: String],
                                  pipes: ChildPipes, inheriting inherited: Int32?,
                                  in workingDirectory: String?) -> Swift.Result<Int32, SpawnError> {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        var actions: posix_spawn_file_actions_t?
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        if let input = pipes.input {
            posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, pipes.output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, pipes.error.write, STDERR_FILENO)
        if let inherited, inherited >= 0 {
            posix_spawn_file_actions_adddup2(&actions, inherited, inheritedNumber)
        }
        if let workingDirectory {
            #if canImport(Darwin)
            posix_spawn_file_actions_addchdir_np(&actions, workingDirectory)
            #else
            // Never start the program in the wrong folder: without the action (glibc before 2.29) it does not start.
            guard let addChdir else { return .failure(SpawnError(code: ENOSYS)) }
            _ = addChdir(&actions, workingDirectory)
            #endif
        }
        #if os(Linux)
        // Descriptors that other code opened without close-on-exec must not leak into the program either.
        _ = addCloseFrom.map { $0(&actions, (inherited ?? -1) >= 0 ? inheritedNumber + 1 : STDERR_FILENO + 1) }
        #endif
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: Int32 = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }
}

/// A `posix_spawn` error number.
private struct SpawnError: Error {
    let code: Int32
}

#if os(Linux)
/// The type of glibc's `posix_spawn_file_actions_addchdir_np`.
private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                             UnsafePointer<CChar>) -> Int32

/// glibc's `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later), looked up at run time because the
/// Swift module does not declare it.
private let addChdir: AddChdir? = {
    guard let program = dlopen(nil, RTLD_NOW),
          let symbol = dlsym(program, "posix_spawn_file_actions_addchdir_np") else { return nil }
    return unsafeBitCast(symbol, to: AddChdir.self)
}()

/// The type of glibc's `posix_spawn_file_actions_addclosefrom_np`.
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked up at run time because the
/// Swift module does not declare it; `nil` on older systems, whose children then keep only what is
/// close-on-exec closed.
private let addCloseFrom: AddCloseFrom? = {
    guard let program = dlopen(nil, RTLD_NOW),
          let symbol = dlsym(program, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
}()
#endif
