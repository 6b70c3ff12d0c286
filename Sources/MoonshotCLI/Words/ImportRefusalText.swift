import Dataset
import Store

extension ImportCommand {
    /// Why the import changed nothing although its input was fine, and the ways on.
    static func refused(_ refusal: ImportRefusal, path: String, options: Options) -> String {
        let shown = MoonshotFile.shown(path)
        let db = DatabaseWords.dbOption(path)
        // The export must not write over the files this import was to read.
        let given = [options.missions?.path, options.astronauts?.path].compactMap { $0 }
        let exportPrefix = ["missions.json", "astronauts.json"].contains { name in given.contains { FileSystem.sameFile($0, name) } } ? "edited-" : ""
        var text = ""
        if let edits = refusal.edits {
            text += "Error: " + unknownOrNoted(edits, shown) + "; \(shown) was not changed.\n"
            if case .noted = edits, let version = refusal.olderLayout, version >= PriorEdits.firstNotingVersion {
                text +=
                    "To keep the changes and the record of them, moving \(shown) to the new layout in place without importing:\n"
                    + "  \(DatabaseWords.repairCommand(path))\n"
            }
            if case .recordRemoved = edits {
                // The edit that removed it may have broken more, which the export would meet.
                text += "To see what else an edit changed, and what puts it right while keeping the changes:\n  moonshot check\(db)\n"
            }
            text +=
                "To keep the changes, write the data out as the app's files, and import those (edited further if you like):\n"
                + "  moonshot export\(db) --missions \(exportPrefix)missions.json --astronauts \(exportPrefix)astronauts.json\n"
        }
        if !refusal.obstacles.isEmpty {
            text +=
                (text.isEmpty ? "Error: " : "Also, ") + "this import would break what another program added to \(shown)"
                + (text.isEmpty ? "; \(shown) was not changed:\n" : ":\n")
            for obstacle in refusal.obstacles {
                text += "  \(TerminalText.visible(obstacle.name, lineBreaks: false)): \(reason(obstacle.reason, path: path))\n"
            }
            text += "To keep them, copy what they hold elsewhere, or change them so that they fit the new data.\n"
        }
        let dropped = refusal.obstacles.filter { !leavesRows($0) }
        let unforceable = dropped.contains {
            switch $0.reason {
            case .cannotBeDropped, .schemaSQLsObjectBroken: true
            default: false
            }
        }
        guard !unforceable else { return text }
        let ways = [
            refusal.edits == nil ? nil : "replace the changes",
            dropped.isEmpty ? nil : "drop \(dropped.count == 1 ? "it" : "them")",
            refusal.obstacles.count == dropped.count ? nil : "leave those rows as they are",
        ].compactMap { $0 }
        let said = ways.count > 2 ? ways.dropLast().joined(separator: ", ") + " and " + ways[ways.count - 1] : ways.joined(separator: " and ")
        return text + "To \(said) anyway:\n" + "  \(again(options, path: path)) --force\n"
    }

    /// This import's command line, to run again: "moonshot import --db x.db --missions m.json --astronauts a.json".
    static func again(_ options: Options, path: String) -> String {
        var command = "moonshot import" + DatabaseWords.dbOption(path)
        if let missions = options.missions, let astronauts = options.astronauts {
            command += " --missions \(shellQuoted(missions.path)) --astronauts \(shellQuoted(astronauts.path))"
        }
        return command
    }

    /// Whether the obstacle is rows of another program's that would refer elsewhere, which --force leaves as they are.
    private static func leavesRows(_ obstacle: ImportRefusal.Obstacle) -> Bool {
        switch obstacle.reason {
        case .foreignKeys, .renumbered: true
        case .cannotBeMadeAgain, .columnNotInSchema, .cannotBeDropped, .schemaSQLsObjectBroken: false
        }
    }

    /// What --force left: "3 rows of table visits referring to missions that the new data does not have".
    static func left(_ obstacle: ImportRefusal.Obstacle) -> String {
        let name = TerminalText.visible(obstacle.name, lineBreaks: false)
        return switch obstacle.reason {
        case .foreignKeys(let rows, let tables):
            "\(plural(rows, "row")) of \(name) referring to \(tables.joined(separator: " and ")) that the new data does not have"
        case .renumbered(let rows, let table): "\(plural(rows, "row")) of \(name) referring to other \(table == "crew" ? "crew rows" : table) than before"
        case .cannotBeMadeAgain, .columnNotInSchema, .cannotBeDropped, .schemaSQLsObjectBroken: name
        }
    }

    private static func unknownOrNoted(_ edits: PriorEdits, _ shown: String) -> String {
        switch edits {
        case .noted(let edits):
            "\(shown) was changed since its last import (\(edits.summary)), and this import would replace those changes"
        case .unrecordedByLayout(let version):
            "\(shown) has the layout of schema version \(version), which did not note changes, so moonshot cannot tell whether "
                + "it was changed since its last import; this import would replace content that differs from the new"
        case .recordRemoved:
            "what notes changes in \(shown) (the table edited_rows or a trigger that fills it) was removed or changed, so moonshot "
                + "cannot tell whether it was changed since its last import; this import would replace content that differs from the new"
        }
    }

    private static func reason(_ reason: ImportRefusal.Obstacle.Reason, path: String) -> String {
        switch reason {
        case .foreignKeys(let rows, let tables):
            "\(plural(rows, "row")) would refer to \(tables.joined(separator: " and ")) that the new data does not have"
        case .renumbered(let rows, let table):
            "\(plural(rows, "row")) would refer to other \(table == "crew" ? "crew rows" : table) than now, since the import numbers "
                + (table == "crew" ? "crew positions by their places in each crew list" : "astronauts by their places in astronauts.json")
        case .cannotBeMadeAgain(let message):
            "cannot be made again on the new data (\(message))"
        case .columnNotInSchema:
            "schema.sql does not make it, and what it holds would be lost"
        case .cannotBeDropped(let message):
            "schema.sql does not make it, and it cannot be dropped (\(message)); change what uses it, then import again"
        case .schemaSQLsObjectBroken(let message):
            "schema.sql does not make it, and it cannot be dropped while an edit has broken schema.sql's own view or trigger "
                + "(\(message)); 'moonshot check\(DatabaseWords.dbOption(path))' says what puts that right"
        }
    }
}
