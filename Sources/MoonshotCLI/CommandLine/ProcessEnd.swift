/// What the `moonshot` process leaves to its end instead of freeing: a question's read-only connection, whose closing only frees the parsed schema
/// (about 4% of a question's time), as the OS closes the file and releases its locks at exit. Tests that run commands in process free all.
enum ProcessEnd {
    /// Set by `CommandLineProgram.run`, whose process ends when the command does.
    nonisolated(unsafe) static var endsWithTheCommand = false
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `object` until the process ends, when the command is the whole process.
    static func keep(_ object: AnyObject) {
        if endsWithTheCommand { kept.append(object) }
    }
}
