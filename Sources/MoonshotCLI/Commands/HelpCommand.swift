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
        guard let name = options.subcommand else {
            Terminal.write(Moonshot.help.rootHelp())
            return .success
        }
        guard Moonshot.parser.command(named: name) != nil else { throw Moonshot.parser.unknownCommand(name) }
        Terminal.write(Moonshot.help.help(for: name))
        return .success
    }
}
