#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoonshotKit
import SQLite

/// The `moonshot` command: its subcommands, global options and the top-level run loop.
enum Moonshot {
    static let overview = "Import the Apollo missions and astronauts into SQLite and ask questions about them."

    static let commands: [AnyCommand] = [
        ImportCommand.command.erased,
        ExportCommand.command.erased,
        MissionCommands.missions.erased,
        MissionCommands.mission.erased,
        MissionCommands.crew.erased,
        MissionCommands.commander.erased,
        AstronautCommands.astronauts.erased,
        AstronautCommands.astronaut.erased,
        AstronautCommands.flights.erased,
        SearchCommand.command.erased,
        SQLCommands.sql.erased,
        ShellCommand.command.erased,
        SiteCommand.command.erased,
        SchemaCommand.command.erased,
        MetadataCommand.command.erased,
        CheckCommand.command.erased,
        CompletionsCommand.command.erased,
        HelpCommand.command.erased,
        CompletionsCommand.names.erased,
    ]

    static let parser = ArgumentParser(commands: commands)
    static let help = HelpFormatter(toolName: "moonshot", overview: overview, commands: commands)

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func main(_ arguments: [String], environment: [String: String]) -> ExitStatus {
        let result: ParseResult
        do {
            result = try parser.parse(arguments)
        } catch {
            Terminal.writeError("Error: \(error.message)\n" + help.errorUsage(for: error.command))
            return .usage
        }
        switch result {
        case .help(let name):
            Terminal.write(name.map(help.help(for:)) ?? help.rootHelp())
            return .success
        case .version:
            Terminal.write(MoonshotVersion.current + "\n")
            return .success
        case .run(let name, let run):
            do {
                return try run(environment)
            } catch let error as UsageError {
                Terminal.writeError("Error: \(error.message)\n" + help.errorUsage(for: error.command ?? name))
                return .usage
            } catch {
                Terminal.writeError("Error: \(describe(error))\n")
                return .failure
            }
        }
    }

    /// Ends moonshot with `error` when a query has passed its time limit and SQLite does not
    /// return (see `MoonshotDatabase.whenStuck`). Only readers get here: ending the process
    /// leaves the database as it was, and the operating system releases its locks.
    static let endStuck: @Sendable (MoonshotError) -> Void = { error in
        Terminal.writeError("Error: \(error)\n")
        _exit(ExitStatus.failure.rawValue)
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

