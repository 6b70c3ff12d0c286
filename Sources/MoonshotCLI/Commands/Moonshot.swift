import Glibc
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
        AstronautCommands.crewmates.erased,
        SearchCommand.command.erased,
        SQLCommands.sql.erased,
        ShellCommand.command.erased,
        SiteCommand.command.erased,
        SchemaCommand.command.erased,
        MetadataCommand.command.erased,
        CheckCommand.command.erased,
        CompletionsCommand.command.erased,
        ManualCommand.command.erased,
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
                Terminal.writeError("Error: \(ErrorMessages.describe(error))\n")
                return .failure
            }
        }
    }

    /// Ends moonshot with `error` when a query has passed its time limit and SQLite does not
    /// return (see `MoonshotDatabase.whenStuck`). Only readers get here: ending the process
    /// leaves the database as it was, and the operating system releases its locks.
    static let endStuck: @Sendable (QueryStopped) -> Void = { stopped in
        Terminal.writeError("Error: \(ErrorMessages.describe(stopped))\n")
        _exit(ExitStatus.failure.rawValue)
    }
}
