import Glibc

/// The `moonshot` process: sets it up, runs the command line and exits with its status.
package enum CommandLineProgram {
    /// Runs `arguments` (the program's name first) and ends the process.
    package static func run(_ arguments: [String]) -> Never {
        // A write beyond a file-size limit (ulimit -f) should fail with an error moonshot can
        // report, not kill the process.
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
}
