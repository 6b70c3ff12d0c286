import Glibc

/// The width of the terminal the output goes to.
enum TerminalWidth {
    /// `COLUMNS` when set, else the terminal's width when standard output is one, else nil.
    static func current(environment: Environment) -> Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if Terminal.isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return nil
    }
}
