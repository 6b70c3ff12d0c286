/// The options any command may be given, before or after its name: declared once, here.
struct GlobalOptions: Sendable {
    /// `--db`: the database file.
    var database: FilePath?
    /// `--format`: how to print the answer.
    var format: OutputFormat = .table
    /// `--show-sql`: print the SQL a question runs, on stderr.
    var showSQL = false

    /// The database path: `--db`, else `$MOONSHOT_DB`, else `moonshot.db`.
    func databasePath(environment: [String: String]) -> String {
        if let database { return database.path }
        if let path = environment["MOONSHOT_DB"], !path.isEmpty { return path }
        return "moonshot.db"
    }
}

/// The global options, to say which of them mean something to a command.
enum GlobalOption: CaseIterable, Sendable {
    case database, format, showSQL

    /// Every command takes `--db` (for those that open no database it changes nothing).
    static let databaseOnly: [GlobalOption] = [.database]
    /// The options of a command that answers a question.
    static let question: [GlobalOption] = [.database, .format, .showSQL]

    var spec: OptionSpec<GlobalOptions> {
        switch self {
        case .database:
            .value("db", "path", help: "The database file (default: $MOONSHOT_DB, or moonshot.db in the current folder).") {
                $0.database = $1
            }
        case .format:
            .value("format", "format", help: "How to print the answer (default: table).") { (options, format: OutputFormat) in
                options.format = format
            }
        case .showSQL:
            .flag("show-sql", help: "Also print the SQL a question runs (on stderr), to run in sqlite3 yourself.") {
                $0.showSQL = true
            }
        }
    }
}

/// Options that hold the global options within them.
protocol CommandOptions: Sendable {
    init()
    var global: GlobalOptions { get set }
}

/// The options of a command that takes nothing but global options.
struct NoOptions: CommandOptions {
    var global = GlobalOptions()
}

extension OptionSpec where Options == GlobalOptions {
    /// This global option, setting the global part of a command's options.
    func lifted<Command: CommandOptions>() -> OptionSpec<Command> {
        OptionSpec<Command>(info: info) { options, text throws(InvalidValue) in try set(&options.global, text) }
    }
}
