import Foundation

/// Helpers every benchmark uses: options, clocks, memory figures.
enum BenchmarkSupport {
    /// A usage mistake on the benchmark's command line.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The value after `--name` in `arguments`, if present.
    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// The arguments that are neither an `--option` in `options` nor its value.
    static func operands(_ arguments: [String], options: Set<String>) -> [String] {
        var operands: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index].hasPrefix("--"), options.contains(String(arguments[index].dropFirst(2))) {
                index += 2
            } else {
                operands.append(arguments[index])
                index += 1
            }
        }
        return operands
    }

    /// The integer after `--name`, or `defaultValue`.
    static func integer(_ name: String, in arguments: [String], default defaultValue: Int) throws -> Int {
        guard let text = option(name, in: arguments) else { return defaultValue }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
            throw UsageError(description: "--\(name) needs a positive integer, got '\(text)'")
        }
        return value
    }

    /// Seconds taken by `work`, on a monotonic clock.
    static func time<T>(_ work: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try work()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The median time of `runs` runs of `work`, in milliseconds, after one warm-up run. `work` returns a
    /// number derived from its result, so that the optimiser cannot drop it.
    static func medianMilliseconds(_ runs: Int, _ work: () -> Int) -> Double {
        var sink = work()
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let (value, seconds) = time(work)
            sink &+= value
            times.append(seconds * 1000)
        }
        if sink == Int.min { print(sink) }
        return times.sorted()[times.count / 2]
    }

    /// The process's CPU time so far, user and system, all threads.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// The process's peak resident set size in bytes (`VmHWM` in `/proc/self/status`), if available.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return digits.first.map { $0 * 1024 }
        }
        return nil
    }

    /// `12.3 MB`.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
