import Dataset

/// The words of a command line that are options: how they are written, and what to say about an unknown one.
enum OptionWord {
    static let help = OptionInfo(name: "help", short: "h", help: "Show help information.")
    static let version = OptionInfo(name: "version", help: "Show the version.")

    /// The options `moonshot` takes before a command: the global options, `--version` and `--help`.
    static var rootOptions: [OptionInfo] { GlobalOption.allCases.map(\.spec.info) + [version, help] }

    /// Whether `word` is written as an option: it starts with `-` and is not `-` alone.
    static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    static func isHelp(_ word: String) -> Bool { word == "--help" || word == "-h" }

    /// `--name=value` → (long "name", "value"); `--name` → (long "name", nil); `-h` → (short "h", nil).
    /// Anything else (`---help`, `-db`, `-1`) is neither, and no option matches it.
    static func split(_ word: String) -> (name: (text: String, isLong: Bool), value: String?) {
        if word.hasPrefix("--"), !word.hasPrefix("---") {
            let body = word.dropFirst(2)
            guard let equals = body.firstIndex(of: "=") else { return ((String(body), true), nil) }
            return ((String(body[..<equals]), true), String(body[body.index(after: equals)...]))
        }
        if word.count == 2 { return ((String(word.dropFirst()), false), nil) }
        return (("", false), nil)
    }

    /// The error for `word`, which no option of `command` matches: with the option it most resembles, or, when it may
    /// be an argument that starts with a dash (`-1`), how to give it.
    static func unknown(_ word: String, among options: [OptionInfo], command: String?, takesArguments: Bool) -> String {
        let name = word.drop { $0 == "-" }.prefix { $0 != "=" }
        var message = "Unknown option '\(word)'"
        if name.count >= 2, name.contains(where: \.isLetter),
            let closest = Suggestions.closest(to: String(name), among: options.map(\.name), limit: 1).first
        {
            message += "; did you mean '--\(closest)'?"
        } else if let command, takesArguments {
            message += ". If it is an argument, put '--' before it, which ends the options: moonshot \(command) -- \(shellQuoted(word))"
        }
        return message
    }
}
