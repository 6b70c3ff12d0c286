#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to standard output and standard error.
enum Terminal {
    /// Writes `text` to standard output as it is.
    static func write(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error as it is.
    static func writeError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all the bytes of `text` to file descriptor `descriptor`, NUL characters included.
    /// A closed pipe or full disk ends the writing silently, as for any command-line tool.
    private static func write(_ text: String, to descriptor: Int32) {
        var copy = text
        copy.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, next, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                remaining -= written
            }
        }
    }

    /// The environment variables moonshot reads: MOONSHOT_DB, COLUMNS and PATH.
    static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in ["MOONSHOT_DB", "COLUMNS", "PATH"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
