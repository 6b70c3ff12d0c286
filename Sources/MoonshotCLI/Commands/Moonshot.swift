import Glibc
import Questions
import SQLite
import Store

/// The `moonshot` command: its subcommands, global options and the top-level run loop.
enum Moonshot {
    static let overview = "Import the Apollo missions and astronauts into SQLite and ask questions about them."

    /// Every subcommand, in help's order; a run declares only its own, as declaring all costs more than a question.
    static let entries: [CommandEntry] = [
        CommandEntry("import") { ImportCommand.command.erased },
        CommandEntry("export") { ExportCommand.command.erased },
        CommandEntry("missions") { MissionCommands.missions.erased },
        CommandEntry("mission") { MissionCommands.mission.erased },
        CommandEntry("crew") { MissionCommands.crew.erased },
        CommandEntry("commander") { MissionCommands.commander.erased },
        CommandEntry("astronauts") { AstronautCommands.astronauts.erased },
        CommandEntry("astronaut") { AstronautCommands.astronaut.erased },
        CommandEntry("flights") { AstronautCommands.flights.erased },
        CommandEntry("crewmates") { AstronautCommands.crewmates.erased },
        CommandEntry("search") { SearchCommand.command.erased },
        CommandEntry("sql") { SQLCommand.command.erased },
        CommandEntry("shell") { ShellCommand.command.erased },
        CommandEntry("site") { SiteCommand.command.erased },
        CommandEntry("schema") { SchemaCommand.command.erased },
        CommandEntry("metadata") { MetadataCommand.command.erased },
        CommandEntry("check") { CheckCommand.command.erased },
        CommandEntry("completions") { CompletionsCommand.command.erased },
        CommandEntry("manual") { ManualCommand.command.erased },
        CommandEntry("help") { HelpCommand.command.erased },
        CommandEntry("__complete") { CompletionsCommand.names.erased },
    ]

    /// Every subcommand, declared: for help, completions and the manual.
    static let commands = entries.map { $0.declare() }

    static let parser = ArgumentParser(entries: entries)
    static let help = HelpFormatter(toolName: "moonshot", overview: overview, commands: commands)

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func main(_ arguments: [String], environment: Environment) -> ExitStatus {
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

    /// What ends moonshot with `error` when a query has passed its time limit and SQLite does not return
    /// (`MoonshotDatabase.whenStuck`): the message is prepared beforehand, since the ending runs in a signal handler.
    /// Only readers get here, so ending the process leaves the database as it was and the OS releases its locks.
    static let endStuck: @Sendable (QueryStopped) -> @Sendable () -> Void = { stopped in
        let message = Terminal.errorBytes("Error: \(ErrorMessages.describe(stopped))\n")
        return {
            Terminal.writeErrorInSignalHandler(message)
            _exit(ExitStatus.failure.rawValue)
        }
    }
}
