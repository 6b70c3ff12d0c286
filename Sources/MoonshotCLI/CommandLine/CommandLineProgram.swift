import Glibc
import SystemSupport

/// The `moonshot` process: sets it up, runs the command line and exits with its status.
package enum CommandLineProgram {
    /// Runs `arguments` (the program's name first) and ends the process.
    package static func run(_ arguments: [String]) -> Never {
        // A write past a file-size limit (ulimit -f) should fail with an error moonshot reports, not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        Terminal.openStandardDescriptors()
        ProcessEnd.endsWithTheCommand = true

        var status = Moonshot.main(Array(arguments.dropFirst()), environment: Terminal.environment)
        if let error = Terminal.outputError {
            Terminal.writeError("Error: \(error)\n")
            status = .failure
        }
        exit(status.rawValue)
    }

    /// Runs `arguments` (without the program's name) in this process and returns the status and output: for tests,
    /// which start the binary only where the process itself is the subject.
    package static func runInProcess(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: CapturedOutput) {
        let output = CapturedOutput()
        Terminal.captured = output
        defer { Terminal.captured = nil }
        _ = Terminal.takeOutputError()
        let variables = Environment(environment)
        return (Moonshot.main(arguments, environment: variables).rawValue, output)
    }
}
