import Glibc
import Questions
import SQLite
import Store

/// The `moonshot` command: its subcommands, global options and the top-level run loop.
enum Moonshot {
    static let overview = "Import the Apollo missions and astronauts into SQLite and ask questions about them."

    /// Every subcommand, in help's order; a run declares only its own, as declaring all costs more than a question.
    static let entries: [CommandEntry] = [
        CommandEntry(name: "import") { ImportCommand.command.erased },
        CommandEntry(name: "export") { ExportCommand.command.erased },
        CommandEntry(name: "missions") { MissionCommands.missions.erased },
        CommandEntry(name: "mission") { MissionCommands.mission.erased },
        CommandEntry(name: "crew") { MissionCommands.crew.erased },
        CommandEntry(name: "commander") { MissionCommands.commander.erased },
        CommandEntry(name: "astronauts") { AstronautCommands.astronauts.erased },
        CommandEntry(name: "astronaut") { AstronautCommands.astronaut.erased },
        CommandEntry(name: "flights") { AstronautCommands.flights.erased },
        CommandEntry(name: "crewmates") { AstronautCommands.crewmates.erased },
        CommandEntry(name: "search") { SearchCommand.command.erased },
        CommandEntry(name: "sql") { SQLCommand.command.erased },
        CommandEntry(name: "shell") { ShellCommand.command.erased },
        CommandEntry(name: "site") { SiteCommand.command.erased },
        CommandEntry(name: "schema") { SchemaCommand.command.erased },
        CommandEntry(name: "metadata") { MetadataCommand.command.erased },
        CommandEntry(name: "check") { CheckCommand.command.erased },
        CommandEntry(name: "completions") { CompletionsCommand.command.erased },
        CommandEntry(name: "manual") { ManualCommand.command.erased },
        CommandEntry(name: "help") { HelpCommand.command.erased },
        CommandEntry(name: "__complete") { CompletionsCommand.names.erased },
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
            Terminal.write(help.help(for: name))
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

    /// What ends moonshot with `error` when a query has passed its time limit and SQLite does not return (`MoonshotDatabase.whenStuck`). The message
    /// is prepared beforehand, as it runs in a signal handler; only readers get here, so the database is left as it was and the OS frees its locks.
    static let endStuck: @Sendable (QueryStopped) -> @Sendable () -> Void = { stopped in
        let message = Array(TerminalText.visible("Error: \(ErrorMessages.describe(stopped))\n").utf8)
        return {
            Terminal.writeErrorInSignalHandler(message)
            _exit(ExitStatus.failure.rawValue)
        }
    }
}
