#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Phase timings on stderr when the environment sets `MOONSHOT_TRACE=1`, for finding where
/// an import spends its time. Costs one environment lookup otherwise.
enum Trace {
    private static let isOn = getenv("MOONSHOT_TRACE").map { String(cString: $0) == "1" } ?? false
    nonisolated(unsafe) private static var last: Double?

    /// Prints the time since the previous mark, labelled `phase`.
    static func mark(_ phase: @autoclosure () -> String) {
        guard isOn else { return }
        let current = monotonicSeconds()
        let text = "trace: \(phase()): \(Int((current - (last ?? current)) * 1_000_000)) µs\n"
        last = current
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
