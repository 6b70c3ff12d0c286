import SQLite

/// How a database's objects differ from schema.sql's: the one comparison, for the questions (which refuse a database
/// whose own objects were changed) and any report of what an edit changed.
package enum SchemaComparison {
    /// The differences from schema.sql, its objects first in its order, then the others (not SQLite's own `sqlite_`
    /// tables, such as `sqlite_stat1` from ANALYZE).
    package static func differences(in database: Database) throws -> [SchemaDifference] {
        let found = try objects(in: database)
        var byName: [[UInt8]: SchemaObject] = [:]
        // SQLite refuses two objects of one name (triggers apart); in a file made otherwise the second is extra.
        var duplicates: [SchemaDifference] = []
        for object in found where byName.updateValue(object, forKey: object.key) != nil {
            duplicates.append(SchemaDifference(kind: .extra, object: object))
        }
        var differences: [SchemaDifference] = []
        for object in expectedObjects {
            guard let other = byName.removeValue(forKey: object.key) else {
                differences.append(SchemaDifference(kind: .missing, object: object))
                continue
            }
            if other.type != object.type {
                differences.append(SchemaDifference(kind: .replaced(by: other.type), object: object))
            } else if asciiLowercased(other.table) != asciiLowercased(object.table)
                || !(shadowTables.contains(object.key) || sameDefinition(other.sql, object.sql))
            {
                differences.append(SchemaDifference(kind: .changed, object: object))
            }
        }
        differences += found.filter { byName[$0.key] != nil && !$0.key.starts(with: Array("sqlite_".utf8)) }
            .map { SchemaDifference(kind: .extra, object: $0) }
        return differences + duplicates
    }

    /// Whether each of schema.sql's objects is in `database` once, with the same statement text, whatever others were
    /// added: the usual case, checked by a question in one pass. False only means `differences` has something to tell.
    package static func isExactlySchemaSQLs(in database: Database) throws -> Bool {
        let expected = EmbeddedResources.schemaObjects
        let statement = try database.prepare("SELECT name, type, tbl_name, sql FROM main.sqlite_schema ORDER BY rowid")
        var matched = [Bool](repeating: false, count: expected.count)
        var next = 0
        while try statement.step() {
            // A trigger's name is apart from those of tables, indexes and views (see `SchemaObject.key`).
            let isTrigger = statement.hasText(1, "trigger")
            func isNamed(_ object: (type: String, name: String, table: String, sql: String?)) -> Bool {
                (object.type == "trigger") == isTrigger && statement.hasText(0, object.name)
            }
            // In schema.sql's order, unless another program made some again.
            if next >= expected.count || !isNamed(expected[next]) {
                guard let index = expected.firstIndex(where: isNamed) else { continue }
                next = index
            }
            let object = expected[next]
            // A second object of one of its names is a difference too.
            guard !matched[next], statement.hasText(1, object.type), statement.hasText(2, object.table), statement.hasText(3, object.sql) else {
                return false
            }
            matched[next] = true
            next += 1
        }
        return !matched.contains(false)
    }

    /// Whether two statements are the same but for comments and white space.
    private static func sameDefinition(_ sql: String?, _ other: String?) -> Bool {
        sql == other || sql.map(SQLText.normalized) == other.map(SQLText.normalized)
    }

    /// The full-text indexes' own tables, whose statements FTS5 writes: only their name and type are compared, since
    /// another SQLite may write them otherwise.
    private static let shadowTables: Set<[UInt8]> = {
        let virtualTables = expectedObjects.filter { $0.type == "table" && $0.sql?.hasPrefix("CREATE VIRTUAL TABLE") == true }
        return Set(
            expectedObjects.filter { object in
                object.type == "table" && virtualTables.contains { object.key.starts(with: $0.key + Array("_".utf8)) }
            }.map(\.key))
    }()

    /// schema.sql's objects as SQLite records them, read when moonshot was built (by running it in an empty in-memory
    /// database), so they cost a question nothing.
    private static let expectedObjects = EmbeddedResources.schemaObjects.map {
        SchemaObject(type: $0.type, name: $0.name, table: $0.table, sql: $0.sql)
    }

    private static func objects(in database: Database) throws -> [SchemaObject] {
        try database.rows("SELECT type, name, tbl_name, sql FROM main.sqlite_schema ORDER BY rowid").map {
            SchemaObject(type: $0.text(0) ?? "", name: $0.text(1) ?? "", table: $0.text(2) ?? "", sql: $0.text(3))
        }
    }
}

/// A table, index, view or trigger, as `sqlite_schema` records it.
package struct SchemaObject: Equatable, Sendable {
    /// "table", "index", "view" or "trigger".
    package let type: String
    package let name: String
    /// The table it belongs to (itself, for a table or view).
    package let table: String
    /// The statement that made it; nil for the indexes SQLite makes for constraints.
    package let sql: String?

    /// The name as SQLite compares names (bytes, ASCII lowercased), a trigger's apart (a trigger may be named `crew`).
    var key: [UInt8] { (type == "trigger" ? Array("trigger ".utf8) : []) + asciiLowercased(name) }
}

/// One way a database's schema differs from schema.sql's.
package struct SchemaDifference: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// schema.sql makes it; the database has nothing of that name.
        case missing
        /// The database has an object of that name of another type (a view for a table).
        case replaced(by: String)
        /// The database's object is defined otherwise than schema.sql defines it.
        case changed
        /// schema.sql does not make it: another program added it.
        case extra
    }

    package let kind: Kind
    /// schema.sql's object, or for `.extra` the database's.
    package let object: SchemaObject

    /// Whether the difference is to an object moonshot's answers read (not an `.extra` one).
    package var changesMoonshotsObjects: Bool { kind != .extra }
}

/// The UTF-8 bytes of `text` with ASCII letters in lower case, as SQLite folds names.
private func asciiLowercased(_ text: String) -> [UInt8] {
    text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
}
