/// The options any command may be given, before or after its name: declared once, here.
struct GlobalOptions: ParsedOptions {
    /// `--db`: the database file.
    var database: FilePath?
    /// `--format`: how to print the answer.
    var format: OutputFormat = .table
    /// `--show-sql`: print the SQL a question runs, on stderr.
    var showSQL = false

    /// The environment variable that names the database when `--db` does not.
    static let databaseVariable = "MOONSHOT_DB"
    /// The database file, in the current folder, when neither `--db` nor the variable names one.
    static let defaultDatabase = "moonshot.db"

    /// The database path: `--db`, else `$MOONSHOT_DB`, else `moonshot.db`.
    func databasePath(environment: Environment) -> String {
        if let database { return database.path }
        if let path = environment[Self.databaseVariable], !path.isEmpty { return path }
        return Self.defaultDatabase
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
            .value(
                "db", "path", help: "The database file.",
                default: "$\(GlobalOptions.databaseVariable), or \(GlobalOptions.defaultDatabase) in the current folder"
            ) {
                $0.database = $1
            }
        case .format:
            .value("format", "format", help: "How to print the answer.", \.format, as: OutputFormat.self)
        case .showSQL:
            .flag("show-sql", help: "Also print the SQL a question runs (on stderr), to run in sqlite3 yourself.") {
                $0.showSQL = true
            }
        }
    }
}

/// Options that hold the global options within them.
protocol CommandOptions: ParsedOptions {
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
