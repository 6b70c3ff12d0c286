import Dataset
import Store

/// Datasette's metadata for a moonshot database: `moonshot metadata > metadata.json`, then
/// `datasette moonshot.db --metadata metadata.json`.
extension MoonshotDatabase {
    /// Title, description, source and licences; tables, views and columns described from schema.sql's comments; the full-text indexes hidden; the
    /// canned queries. The source comes from `imports`, edits from `edited_rows`; the built-in dataset's credits stay, as most of its text is theirs.
    package func datasetteMetadata() throws -> JSONValue {
        let name = Self.datasetteName(of: path)
        let latest = (try? latestImport()) ?? nil
        let edits = try? DataEdits.read(from: connection)
        let sources = [latest?.missionsSource, latest?.astronautsSource].compactMap { $0 }
        let isApollo = latest?.isBuiltIn ?? false

        var top: [(String, JSONValue)] = [("title", .string(isApollo ? "Apollo missions and astronauts" : "Moonshot database"))]
        var description =
            isApollo
            ? "The missions of NASA's Apollo program, their crews and the astronauts, from the Moonshot app's dataset. "
                + Credits.descriptionCredit
            : sources.isEmpty
                ? "Missions, astronauts and crews imported by moonshot."
                : "Missions, astronauts and crews imported by moonshot from \(sources.joined(separator: " and "))."
        if let latest {
            description += " Imported on \(readableTimestamp(latest.importedAt)) by moonshot \(latest.toolVersion)" + (edits.map { "; \($0.summary)." } ?? ".")
        } else if let edits {
            description += " \(edits.summary)."
        }
        description += " Search the missions and astronauts tables, or run the canned queries, which ask what the moonshot commands ask."
        top.append(("description", .string(description)))
        if isApollo {
            top += [
                ("license", .string(Credits.dataLicense)), ("license_url", .string(Credits.dataLicenseURL)),
                ("source", .string(Credits.source)), ("source_url", .string(Credits.sourceURL)),
            ]
        }

        var tables: [(String, JSONValue)] = []
        for object in SchemaDocumentation.moonshot.objects where !isFullTextIndex(object.name) {
            var table: [(String, JSONValue)] = [("description", .string(object.description))]
            if let (labelColumn, searchIndex, indexKey) = Self.searchableTables[object.name] {
                table += [("label_column", .string(labelColumn)), ("fts_table", .string(searchIndex)), ("fts_pk", .string(indexKey))]
                if isApollo {
                    table += [("license", .string(Credits.descriptionLicense)), ("license_url", .string(Credits.descriptionLicenseURL))]
                }
            }
            table.append(("columns", .object(object.columns.map { ($0.name, .string($0.description)) })))
            tables.append((object.name, .object(table)))
        }
        for hidden in try hiddenTables() { tables.append((hidden, .object([("hidden", .bool(true))]))) }

        let queries: [(String, JSONValue)] = CannedQuery.all.map { query in
            var fields: [(String, JSONValue)] = [
                ("title", .string(query.title)),
                ("description", .string(query.description + " On the command line: \(query.example)")),
                ("sql", .string(query.sql)), ("params", .array(query.parameters.map { .string($0) })),
            ]
            if isApollo, query.showsDescriptions {
                fields += [("license", .string(Credits.descriptionLicense)), ("license_url", .string(Credits.descriptionLicenseURL))]
            }
            return (query.name, .object(fields))
        }
        top.append(("databases", .object([(name, .object([("tables", .object(tables)), ("queries", .object(queries))]))])))
        return .object(top)
    }

    /// The tables with a full-text index: their label column, the index and the column that
    /// holds the index's key (astronauts' primary key is their id, not the index's number).
    static let searchableTables = ["missions": ("name", "missions_fts", "id"), "astronauts": ("name", "astronauts_fts", "number")]

    /// How Datasette names the database at `path`: the file's name without its extension.
    static func datasetteName(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    private func isFullTextIndex(_ name: String) -> Bool {
        Self.searchableTables.values.contains { $0.1 == name }
    }

    /// The full-text indexes and their shadow tables (`missions_fts_data`...), which are of no use to browse.
    private func hiddenTables() throws -> [String] {
        try connection.rows(
            """
            SELECT t.name FROM sqlite_schema AS v, sqlite_schema AS t
            WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
              AND t.type = 'table' AND (t.name = v.name OR t.name LIKE v.name || '\\_%' ESCAPE '\\')
            ORDER BY t.name
            """
        ).compactMap { $0.text(0) }
    }
}
