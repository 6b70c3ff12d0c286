/// `moonshot manual`: moonshot's manual page, from the same descriptions as `--help`.
enum ManualCommand {
    static let command = Command<NoOptions>(
        name: "manual",
        abstract: "Print moonshot's manual page (mdoc, for man).",
        discussion: """
            The page describes every subcommand and option as their help does, with the exit
            statuses, environment, examples and the data's credits. Read it, or install it:
              moonshot manual | man -l -
              mkdir -p ~/.local/share/man/man1 && moonshot manual > ~/.local/share/man/man1/moonshot.1
            then 'man moonshot' shows it (--db changes nothing).
            """,
        run: { _, _ in
            Terminal.write(ManualPage(toolName: "moonshot", overview: Moonshot.overview, commands: Moonshot.commands.filter { !$0.isHidden }).text)
            return .success
        })
}
