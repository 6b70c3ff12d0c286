import Questions

/// `moonshot search`: full-text search over missions and astronauts.
enum SearchCommand {
    struct Options: CommandOptions {
        var global = GlobalOptions()
        var text = ""
        var limit = 20
    }

    static let command = Command<Options>(
        name: "search", abstract: "Search the mission and astronaut descriptions, best matches first.",
        discussion: TerminalText.wrap(
            "Finds missions and astronauts \(CannedQuery.searchRule). The text is taken as plain words: quotes and words "
                + "such as AND or NOT have no special meaning, a possessive 's is dropped, and words joined by punctuation "
                + "are found side by side (o2-tank finds \"O2 tank\").", to: 88
        ).joined(separator: "\n"),
        arguments: [.value("text", help: "The words to look for, such as: lunar rover", takesWords: true) { $0.text = $1 }],
        options: [.value("limit", "n", help: "Show at most this many results.", \.limit, as: PositiveCount.self)],
        globals: GlobalOption.question
    ) { options, environment in
        try QueryContext.answer(options.global, environment: environment, keepingFewPages: false) {
            .search(try $0.database.search(options.text, limit: options.limit))
        }
    }
}
