/// `moonshot help [<subcommand>]`: help for moonshot or one of its subcommands (as `--help` gives).
enum HelpCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var subcommand: String?
    }

    static let command = Command<Options>(
        name: "help", abstract: "Show help for moonshot or one of its subcommands.",
        arguments: [
            .value(
                "subcommand", help: "The subcommand to explain; without it, moonshot as a whole.", isOptional: true,
                completion: .subcommands
            ) { $0.subcommand = $1 }
        ],
        globals: [], ignoresOtherGlobals: true
    ) { options, _ in
        if let name = options.subcommand, Moonshot.parser.command(named: name) == nil { throw Moonshot.parser.unknownCommand(name) }
        Terminal.write(Moonshot.help.help(for: options.subcommand))
        return .success
    }
}
