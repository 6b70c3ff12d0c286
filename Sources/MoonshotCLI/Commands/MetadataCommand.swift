import Questions

/// `moonshot metadata`: Datasette's metadata for the database.
enum MetadataCommand {
    static let command = Command<NoOptions>(
        name: "metadata",
        abstract: "Print Datasette's metadata for the database (JSON).",
        discussion: """
            Describes the database for Datasette: title, source and licences, every table and
            column (from the comments of schema.sql), names instead of numbers for missions and
            astronauts, the full-text indexes hidden, and the questions of moonshot's commands
            as canned queries with example values, those of:
              \(commandsAsked)
            Use it as:
              moonshot metadata > metadata.json
              datasette moonshot.db --metadata metadata.json
            Datasette knows a database by its file name without .db, so make the metadata with
            the same --db as the file you open, and again after each import.
            """,
    ) { options, environment in
        // The metadata is schema.sql's documentation and the import history: it runs none of the database's views, so a
        // database whose schema was changed still gets it.
        let database = try MoonshotDatabase(path: options.global.databasePath(environment: environment), acceptingChangedSchema: true)
        Terminal.write(try database.datasetteMetadata().serialized() + "\n")
        return .success
    }

    /// The commands whose questions are canned queries, each once, in help's order: "missions, crew, ...".
    private static var commandsAsked: String {
        var seen: Set<String> = []
        return CannedQuery.all.map(\.command).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
