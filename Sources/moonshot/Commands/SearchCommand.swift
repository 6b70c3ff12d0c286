import MoonshotKit

/// `moonshot search`: full-text search over missions and astronauts.
enum SearchCommand {
    static let spec = CommandSpec(
        name: "search", abstract: "Search the mission and astronaut descriptions, best matches first.",
        discussion: """
            Finds missions and astronauts whose name or description contains every word given,
            ignoring case and accents. The text is taken as plain words: quotes and words such as
            AND or NOT have no special meaning, a possessive 's is dropped, and words joined by
            punctuation are found side by side (o2-tank finds "O2 tank").
            """,
        arguments: [ArgumentSpec(name: "text", help: "The words to look for, such as: lunar rover", isVariadic: true)],
        options: [OptionSpec(name: "limit", valueName: "n", help: "Show at most this many results (default: 20)."),
        ],
        globalOptions: ["db", "format", "show-sql"]
    ) { invocation in
        var limit = 20
        if let text = invocation.value("limit") {
            guard let number = Int(text), number > 0 else {
                throw UsageError(message: "The value '\(text)' is invalid for '--limit <n>'; give a whole number above 0")
            }
            limit = number
        }
        let context = try QueryContext(invocation)
        let hits = try context.database.search(invocation.arguments[0], limit: limit)
        context.print(
            table: [TableColumn(title: "Kind"), TableColumn(title: "Name", wraps: true), TableColumn(title: "Match", wraps: true)],
            keys: ["kind", "id", "title", "snippet"],
            rows: hits.map { hit in
                context.format == .table
                    ? [.text(hit.kind.rawValue), .text(hit.title), .text(hit.snippet)]
                    : [.text(hit.kind.rawValue), .text(hit.key), .text(hit.title), .text(hit.snippet)]
            },
            json: .array(hits.map { hit in
                .object([("kind", .string(hit.kind.rawValue)),
                         ("id", hit.kind == .mission ? Int64(hit.key).map(JSONValue.integer) ?? .string(hit.key) : .string(hit.key)),
                         ("title", .string(hit.title)), ("snippet", .string(hit.snippet))])
            }))
        return .success
    }
}
