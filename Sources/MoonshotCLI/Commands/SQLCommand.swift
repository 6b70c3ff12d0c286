import Questions

/// `moonshot sql`: one SQL statement on the database, read-only.
enum SQLCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var statement = ""
        var timeout = MoonshotDatabase.defaultQueryTimeout
    }

    static let command = Command<Options>(
        name: "sql", abstract: "Run one SQL statement on the database, read-only.",
        discussion: """
            Any statement that would change anything is refused, including VACUUM INTO,
            ATTACH and extension loading, and so are functions that reach outside the
            database. A statement may be up to 100,000 bytes long, make values of up to
            32 MiB and use up to 512 MiB of memory. 'moonshot schema' shows the tables
            and views.
            Rows are printed as they are found, in every format; a table takes its column
            widths from the first 200 rows and wraps longer values in later ones. Column
            names are the query's own.
            """,
        arguments: [.value("statement", help: "The SQL to run, such as \"SELECT * FROM mission_commanders\".") { $0.statement = $1 }],
        options: [.value("timeout", "seconds", help: "Stop the query after this many seconds.", \.timeout, as: Seconds.self)],
        globals: [.database, .format]
    ) { options, environment in
        guard options.statement.contains(where: { !$0.isWhitespace && $0 != ";" }) else {
            throw UsageError(message: "The statement is empty; give the SQL to run, such as \"SELECT * FROM missions\"", command: "sql")
        }
        MoonshotDatabase.startForUserSQL()
        let context = try QueryContext(options.global, environment: environment, acceptingChangedSchema: true)
        var writer: any RowWriter =
            switch options.global.format {
            case .json: JSONRowWriter()
            case .csv: CSVRowWriter()
            case .table: TableWriter(columns: [], width: context.width)  // columns named by `begin`: every one may wrap
            }
        try context.database.runReadOnly(
            options.statement, timeout: options.timeout,
            columns: { writer.begin(columns: $0) },
            row: {
                writer.add($0.map(Cell.sql))
                return true
            })
        writer.finish()
        return .success
    }
}
