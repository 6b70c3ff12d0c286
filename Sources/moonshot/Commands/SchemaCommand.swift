import MoonshotKit

/// `moonshot schema`: prints schema.sql as built into the binary.
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the database schema (schema.sql).",
        discussion: "The tables, indexes and views of every database moonshot creates, with comments.",
        run: { _ in
            Terminal.write(EmbeddedDataset.schemaSQL)
            return .success
        })
}
