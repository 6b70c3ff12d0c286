import Dataset
import Glibc
import SystemSupport

/// Writing to standard output and standard error, or to `captured` for a command run in process.
enum Terminal {
    /// Why writing to standard output failed, if it did (a full disk, say); `main` reports it.
    nonisolated(unsafe) private(set) static var outputError: SystemError?
    /// What a command run in process wrote, instead of the file descriptors.
    nonisolated(unsafe) static var captured: CapturedOutput?

    /// `COLUMNS` when set, else the width of the terminal standard output goes to, if it is one.
    static func width(environment: Environment) -> Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        guard isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether `descriptor` (standard output or error) is a terminal; never for captured output.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        captured == nil && isatty(descriptor) != 0
    }

    /// Makes sure standard input, output and error are open (a closed one becomes /dev/null), so that no file moonshot opens takes their place
    /// and receives what is printed; output to a closed standard output still counts as failed (`outputError`).
    static func openStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open() takes the lowest free number: this one.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if descriptor == STDOUT_FILENO { outputError = SystemError(operation: "write the output", code: EBADF) }
        }
    }

    /// Why writing to standard output failed, if it did, for the caller to report instead of `main`.
    static func takeOutputError() -> SystemError? {
        defer { outputError = nil }
        return outputError
    }

    /// Writes `text` to standard output as it is.
    static func write(_ text: String) {
        guard outputError == nil else { return }
        outputError = write(text, to: STDOUT_FILENO)
    }

    /// Writes `bytes` to standard output as they are.
    static func write(_ bytes: [UInt8]) {
        guard outputError == nil else { return }
        outputError = bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    /// `write`, but a reader that has gone away makes it fail (EPIPE, `outputError`) instead of ending the process by
    /// SIGPIPE: for output after the database changed, since the exit status must tell of the change.
    static func writeAfterAChange(_ text: String) {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        write(text)
    }

    /// Writes a message to standard error as `TerminalText` shows it: messages echo arguments and data, which must not
    /// reach the terminal as controls.
    static func writeError(_ text: String) {
        _ = write(TerminalText.visible(text), to: STDERR_FILENO)
    }

    /// Writes `bytes` to standard error with nothing but `write`, which is safe in a signal handler.
    static func writeErrorInSignalHandler(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count, let start = buffer.baseAddress {
                let written = writeBytes(STDERR_FILENO, start + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Shows `text` on standard error in place of the cursor's line (a progress line), or clears that line for "".
    static func showInPlace(_ text: String) {
        _ = write("\r" + TerminalText.visible(text, lineBreaks: false) + "\u{1B}[K", to: STDERR_FILENO)
    }

    /// Writes all of `text`, NULs included, to `descriptor`; returns why it could not. (A reader that closes the pipe
    /// ends the process by SIGPIPE, as for any command-line tool.)
    private static func write(_ text: String, to descriptor: Int32) -> SystemError? {
        var copy = text
        return copy.withUTF8 { write($0, to: descriptor) }
    }

    /// Writes all of `bytes` to file descriptor `descriptor`; returns why it could not.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> SystemError? {
        if let captured {
            captured.append(Array(bytes), to: descriptor)
            return nil
        }
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = writeBytes(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return SystemError(operation: "write the output")
            }
            next += written
            remaining -= written
        }
        return nil
    }

    /// The environment variables moonshot reads (`Environment`): MOONSHOT_DB, COLUMNS, PATH, and HOME (for a `~` in the `--db` the
    /// completion scripts pass on).
    static var environment: Environment {
        Environment(["MOONSHOT_DB", "COLUMNS", "PATH", "HOME"].compactMap { (name: String) in getenv(name).map { (key: name, value: String(cString: $0)) } })
    }
}

/// The environment variables moonshot reads (`Terminal.environment`).
typealias Environment = NamedList<String>

/// The C library's `write`, under a name that `Terminal.write` does not hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Standard output and standard error of a command run in process, as bytes.
package final class CapturedOutput {
    package private(set) var standardOutput: [UInt8] = []
    package private(set) var standardError: [UInt8] = []

    func append(_ bytes: [UInt8], to descriptor: Int32) {
        if descriptor == STDOUT_FILENO { standardOutput += bytes } else { standardError += bytes }
    }
}
