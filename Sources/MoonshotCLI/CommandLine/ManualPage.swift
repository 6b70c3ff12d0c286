import Questions

/// moonshot's mdoc manual page (section 1), written like swift-argument-parser's generate-manual from what `--help`
/// shows, so a declared command or option is in it at once. Every word from elsewhere goes through `Mdoc`.
struct ManualPage {
    let toolName: String
    let overview: String
    /// The commands it describes, in the order help lists them.
    let commands: [AnyCommand]

    /// The page, ready for `man -l` or a man1 folder.
    var text: String {
        var lines = [Mdoc.line("Dd", ManualWords.date), Mdoc.line("Dt", toolName.uppercased(), "1"), ".Os"]
        lines += name + synopsis + description + commandsSection + fields
        lines += environment + files + exitStatus + examples + seeAlso + credits
        return lines.joined(separator: "\n") + "\n"
    }

    private var name: [String] {
        var summary = overview.hasSuffix(".") ? String(overview.dropLast()) : overview
        if let first = summary.first { summary = first.lowercased() + summary.dropFirst() }
        return [".Sh NAME", Mdoc.line("Nm", toolName), ([".Nd"] + summary.split(separator: " ").map { Mdoc.argument(String($0)) }).joined(separator: " ")]
    }

    private var synopsis: [String] {
        [
            ".Sh SYNOPSIS", ".Nm", ".Op Ar options", ".Ar subcommand", ".Op Ar arguments",
            ".Nm", flag(OptionWord.version), ".Nm", flag(OptionWord.help),
        ]
    }

    /// The overview, how options are written, and the options any command may take.
    private var description: [String] {
        var lines = [".Sh DESCRIPTION", Mdoc.text(overview), ".Pp", Mdoc.text(HelpFormatter.optionsNote)]
        lines += ["The options, where a subcommand takes them:", ".Bl -tag -width Ds"]
        for option in OptionWord.rootOptions {
            lines += [".It " + optionHead(option), Mdoc.text(HelpFormatter.optionHelp(option))]
        }
        return lines + [".El"]
    }

    /// Each command: its usage, what it does, and its arguments and own options.
    private var commandsSection: [String] {
        var lines = [".Sh COMMANDS", ".Bl -tag -width Ds"]
        for command in commands {
            lines += [".It Xo", ".Nm", Mdoc.line("Cm", command.name)]
            lines += command.arguments.map { argument in
                (argument.isOptional ? ".Op " : ".") + argumentWords(argument)
            }
            lines += command.options.map { ".Op " + optionHead($0) }
            lines += [".Xc", Mdoc.text(command.abstract)]
            if let discussion = command.discussion { lines += paragraphs(discussion) }
            let own = command.options.filter { option in !OptionWord.rootOptions.contains { $0.name == option.name } }
            if !command.arguments.isEmpty || !own.isEmpty {
                lines += [".Bl -tag -width Ds"]
                for argument in command.arguments {
                    lines += [".It " + argumentWords(argument), Mdoc.text(HelpFormatter.argumentHelp(argument))]
                }
                for option in own {
                    lines += [".It " + optionHead(option), Mdoc.text(HelpFormatter.optionHelp(option))]
                }
                lines += [".El"]
            }
        }
        return lines + [".El"]
    }

    /// The answers' fields: the JSON keys and CSV headers, which tables show in capitals or as labels.
    private var fields: [String] {
        var lines = [".Sh OUTPUT FIELDS", Mdoc.text(ManualWords.fields), ".Bl -tag -width Ds"]
        for field in Field.allCases {
            lines += [Mdoc.line("It", field.rawValue), Mdoc.text(field.meaning)]
        }
        return lines + [".El"]
    }

    private var exitStatus: [String] {
        var lines = [".Sh EXIT STATUS", ".Bl -tag -width Ds"]
        for status in ExitStatus.allCases {
            lines += [Mdoc.line("It", String(status.rawValue)), Mdoc.text(status.meaning)]
        }
        return lines + [".El"]
    }

    private var environment: [String] {
        var lines = [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for (variable, meaning) in ManualWords.environment {
            lines += [Mdoc.line("It Ev", variable), Mdoc.text(meaning)]
        }
        return lines + [".El"]
    }

    private var files: [String] {
        [".Sh FILES", ".Bl -tag -width Ds", Mdoc.line("It Pa", GlobalOptions.defaultDatabase), Mdoc.text(ManualWords.defaultDatabase), ".El"]
    }

    private var examples: [String] {
        var lines = [".Sh EXAMPLES"]
        for (index, example) in ManualWords.examples.enumerated() {
            if index > 0 { lines.append(".Pp") }
            lines += [Mdoc.text(example.what), ".Bd -literal -offset indent", Mdoc.literal(example.command), ".Ed"]
        }
        return lines
    }

    private var seeAlso: [String] {
        [".Sh SEE ALSO", ".Xr sqlite3 1 ,"]
            + ManualWords.programs.enumerated().map { index, program in
                Mdoc.line("Lk", program.url, program.name) + (index < ManualWords.programs.count - 1 ? " ," : "")
            }
    }

    private var credits: [String] {
        [".Sh DATA AND CREDITS"]
            + ManualWords.credits.map { part in
                switch part {
                case .text(let text): Mdoc.text(text)
                case .link(let url, let name, let punctuation):
                    ([Mdoc.line("Lk", url)] + (name.map { [Mdoc.argument($0)] } ?? []) + [punctuation]).joined(separator: " ")
                }
            }
    }

    /// A discussion's paragraphs: its lines joined, and lines indented by two spaces (examples to type) kept as they
    /// are in a literal display.
    private func paragraphs(_ discussion: String) -> [String] {
        var lines: [String] = []
        var prose: [Substring] = []
        var literal: [Substring] = []
        func flush() {
            if !prose.isEmpty { lines += [".Pp", Mdoc.text(prose.joined(separator: " "))] }
            if !literal.isEmpty { lines += [".Bd -literal -offset indent", Mdoc.literal(literal.joined(separator: "\n")), ".Ed"] }
            prose = []
            literal = []
        }
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  ") {
                if !prose.isEmpty { flush() }
                literal.append(line.dropFirst(2))
            } else if line.allSatisfy(\.isWhitespace) {
                flush()
            } else {
                if !literal.isEmpty { flush() }
                prose.append(line)
            }
        }
        flush()
        return lines
    }

    /// `Fl -db Ar path`, or `Fl h , Fl -help`: an option as a list's head or a usage's part.
    private func optionHead(_ option: OptionInfo) -> String {
        (option.short.map { "Fl " + Mdoc.argument(String($0)) + " , " } ?? "") + flag(option, macro: "Fl")
    }

    /// `.Fl -version`, or `Fl -db Ar path` with `macro` "Fl".
    private func flag(_ option: OptionInfo, macro: String = ".Fl") -> String {
        macro + " " + Mdoc.argument("-" + option.name) + (option.valueName.map { " Ar " + Mdoc.argument($0) } ?? "")
    }

    /// `Ar mission`, or `Ar astronaut ...` for one that takes the remaining words.
    private func argumentWords(_ argument: ArgumentInfo) -> String {
        "Ar " + Mdoc.argument(argument.name) + (argument.takesWords ? " ..." : "")
    }
}
