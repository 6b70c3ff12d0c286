import MoonshotKit

/// The `moonshot` command: its subcommands, global options and the top-level run loop.
enum Moonshot {
    static let overview = "Import the Apollo missions and astronauts into SQLite and ask questions about them."

    /// Options every subcommand accepts, before or after its name.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "db", valueName: "path",
                   help: "The database file (default: $MOONSHOT_DB, or moonshot.db in the current folder)."),
        OptionSpec(name: "format", valueName: "format", help: "How to print the answer (default: table).",
                   choices: OutputFormat.allCases.map(\.rawValue)),
        OptionSpec(name: "show-sql", help: "Also print the SQL a question runs (on stderr), to run in sqlite3 yourself."),
    ]

    static let commands: [CommandSpec] = [
        ImportCommand.spec,
        MissionCommands.missions,
        MissionCommands.mission,
        MissionCommands.crew,
        MissionCommands.commander,
        AstronautCommands.astronauts,
        AstronautCommands.astronaut,
        AstronautCommands.flights,
        SearchCommand.spec,
        SQLCommands.sql,
        SQLCommands.shell,
        SchemaCommand.spec,
        MetadataCommand.spec,
    ]

    static let parser = ArgumentParser(commands: commands, globalOptions: globalOptions)
    static let help = HelpFormatter(toolName: "moonshot", overview: overview, parser: parser)

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func main(_ arguments: [String], environment: [String: String]) -> ExitStatus {
        let result: ParseResult
        do {
            result = try parser.parse(arguments, environment: environment)
        } catch {
            Terminal.writeError("Error: \(error.message)\n" + help.errorUsage(for: error.command))
            return .usage
        }
        switch result {
        case .help(let command):
            Terminal.write(command.map(help.help(for:)) ?? help.rootHelp())
            return .success
        case .version:
            Terminal.write(MoonshotVersion.current + "\n")
            return .success
        case .run(let invocation):
            do {
                return try invocation.command.run(invocation)
            } catch let error as UsageError {
                Terminal.writeError("Error: \(error.message)\n" + help.errorUsage(for: error.command ?? invocation.command))
                return .usage
            } catch {
                Terminal.writeError("Error: \(describe(error))\n")
                return .failure
            }
        }
    }

    /// A failure as the user should read it.
    static func describe(_ error: Error) -> String {
        switch error {
        case let error as MoonshotError: error.description
        case let error as SQLiteError where error.isBusy:
            "the database is busy: another process is using it (\(error.message))\nTry again when it has finished."
        case let error as SQLiteError where error.isOutOfSpace:
            "there is no room to write: the disk is full or a file-size limit was reached (\(error.systemReason ?? error.message))\n"
                + "Free some space, or choose a database path elsewhere with --db."
        case let error as SQLiteError where error.code.primary == .ioError:
            "the disk could not be read or written (\(error.systemReason ?? error.message))\n"
                + "Check the disk (dmesg may say more), or choose a database path elsewhere with --db."
        case let error as SQLiteError: "SQLite failed: \(error)"
        case let error as SystemError: error.description
        default: String(describing: error)
        }
    }
}

extension Invocation {
    /// The database path: `--db`, else `$MOONSHOT_DB`, else `moonshot.db`.
    func databasePath() throws(UsageError) -> String {
        if let path = value("db") {
            guard !path.isEmpty else { throw UsageError(message: "The option '--db' needs a file path", command: command) }
            return path
        }
        if let path = environment["MOONSHOT_DB"], !path.isEmpty { return path }
        return "moonshot.db"
    }
}
