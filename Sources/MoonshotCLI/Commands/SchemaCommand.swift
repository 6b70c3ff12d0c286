import Store

/// `moonshot schema`: prints schema.sql as built into the binary.
enum SchemaCommand {
    static let command = Command<NoOptions>(
        name: "schema",
        abstract: "Print the database schema (schema.sql).",
        discussion:
            "The tables, indexes and views of every database moonshot creates, with comments. It is the same for every database (--db changes nothing).",
        run: { _, _ in
            Terminal.write(MoonshotFile.schemaSQL)
            return .success
        })
}
