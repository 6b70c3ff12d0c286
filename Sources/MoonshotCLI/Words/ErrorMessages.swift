import Dataset
import Glibc
import Publishing
import Questions
import SQLite
import Store

/// A failure as the user reads it: what went wrong, and what to do next when there is something to suggest.
struct ErrorMessage: Equatable {
    let message: String
    let hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// The same with `more` after the hint, on a line of its own.
    func withHint(_ more: String) -> ErrorMessage {
        ErrorMessage(message, hint: hint.map { "\($0)\n\(more)" } ?? more)
    }

    /// The message, and the hint on a line of its own.
    var text: String {
        hint.map { "\(message)\n\($0)" } ?? message
    }
}

/// The command line's own failures (the library's are its typed errors).
enum CommandFailure: Error {
    /// A mission or astronaut only crew rows name (`missing`: `MissingRow`'s words), asked
    /// about as a whole; `list` is the command that lists those crew rows.
    case onlyInCrew(missing: String, list: String)
    /// The mission or astronaut ("mission 11") went from its table while it was being read.
    case goneWhileReading(String)
    case noSQLiteShell
    case shellKilled(signal: Int32)
    /// `crewmates` words that name neither one astronaut nor two.
    case notOneAstronaut(LookupFailure)
}

/// Every failure in the words the user reads: the one place that turns the library's typed
/// errors, SQLite's and the system's into a message and a hint.
enum ErrorMessages {
    static func describe(_ error: any Error) -> String {
        message(error).text
    }

    static func message(_ error: any Error) -> ErrorMessage {
        switch error {
        case let problem as DatabaseProblem: DatabaseWords.message(problem)
        case let problem as DatabaseWriteProblem: DatabaseWords.message(problem)
        case let stopped as QueryStopped: QueryWords.message(stopped)
        case let problem as UserSQLProblem: QueryWords.message(problem)
        case let failure as LookupFailure: QueryWords.message(failure)
        case let refusal as RepairRefusal: RepairWords().message(refusal)
        case let problem as SiteFolderProblem: SiteFolderWords.message(problem)
        case let failure as CommandFailure: message(failure)
        case ResultCode.busy, ResultCode.locked: DatabaseWords.busy(nil)
        case let error as SQLiteError where error.isOutOfSpace:
            ErrorMessage(
                "there is no room to write: the disk is full or a file-size limit was reached (\(error.systemReason ?? error.message))",
                hint: "Free some space, or choose a database path elsewhere with --db.")
        case let error as SQLiteError where ResultCode.ioError ~= error.code:
            ErrorMessage(
                "the disk could not be read or written (\(error.systemReason ?? error.message))",
                hint: "Check the disk (dmesg may say more), or choose a database path elsewhere with --db.")
        case let error as SQLiteError: ErrorMessage("SQLite failed: \(error)")
        case let error as SystemError: ErrorMessage(error.description)
        default: ErrorMessage(String(describing: error))
        }
    }

    private static func message(_ failure: CommandFailure) -> ErrorMessage {
        switch failure {
        case .onlyInCrew(let missing, let list):
            ErrorMessage("\(missing), though crew rows name it", hint: "'\(list)' lists them; 'moonshot check' explains them.")
        case .goneWhileReading(let thing):
            ErrorMessage("\(thing) is no longer in the database", hint: "It changed while moonshot was reading it (a new import?); run the command again.")
        case .noSQLiteShell:
            ErrorMessage("the sqlite3 shell is not installed", hint: "Install it (Debian and Ubuntu: apt-get install sqlite3), or use 'moonshot sql'.")
        case .notOneAstronaut(let failure):
            QueryWords.message(failure).withHint(QueryWords.twoAstronautsHint)
        case .shellKilled(let number):
            ErrorMessage(
                "the sqlite3 shell ended with signal \(number) (\(String(cString: strsignal(number))))",
                hint: "Run 'moonshot shell' again, or use 'moonshot sql'.")
        }
    }
}
