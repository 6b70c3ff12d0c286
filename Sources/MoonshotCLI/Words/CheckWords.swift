import Dataset
import Questions
import Store

/// What `moonshot check` says of each problem it finds, and what fixes it, for the database at `path`.
struct CheckWords {
    let path: String

    private var repair: String { "'\(DatabaseWords.repairCommand(path))'" }
    private var damaged: String { DatabaseWords.damagedHint(MoonshotFile.shown(path)) }

    /// What is wrong, naming the object or row.
    func problem(_ problem: DatabaseReport.Problem) -> String {
        switch problem {
        case .integrity(let line, _): "SQLite's integrity check: \(line)"
        case .schema(let difference, _): DatabaseWords.difference(difference)
        case .danglingRow(let row):
            "crew row \(row.missionID.displayText)/\(row.position.displayText) names "
                + ((row.missionIsMissing ? [MissingRow.words(row.missionID.displayText, "missions")] : [])
                + (row.astronautIsMissing ? [MissingRow.words(row.astronautID.displayText, "astronauts")] : [])).joined(separator: ", and ")
        case .fullTextIndex(let index, let table, _): "full-text index \(index) does not hold exactly the text of \(table)"
        case .namelessAstronaut(let id): "astronaut \(id.displayText) has no name, which every astronaut needs"
        case .astronautNumberedZero(let id, _): "astronaut \(id.displayText) has number 0, which no astronaut keeps (the full-text index's key)"
        case .rolelessCrewRow(let mission, let position): "crew row \(mission.displayText)/\(position.displayText) has no role, which every crew row needs"
        case .derivedValue(let disagreement):
            "\(disagreement.table == "crew" ? "crew row" : "mission") \(disagreement.rowKey): \(disagreement.table).\(disagreement.column) is "
                + "\(disagreement.value.map(quoted) ?? "NULL"), where its rule gives \(quoted(disagreement.expected))"
        case .more(let count, let kind):
            switch kind {
            case .integrity: "and \(count) more findings of SQLite's integrity check"
            case .danglingRow: "and \(count) more crew rows that point nowhere"
            case .ruleBreak: "and \(count) more rows that break the triggers' rules"
            case .derivedValue: "and \(count) more derived values that disagree with their rule"
            case .schema, .fullTextIndex, .notChecked: "and \(count) more"
            }
        case .notChecked(let part, let reason, _): "\(Self.name(of: part)) could not be checked: \(reason)"
        }
    }

    /// What fixes it.
    func fix(_ problem: DatabaseReport.Problem) -> String {
        switch problem {
        case .integrity(_, let breaksARule):
            breaksARule
                ? "A row breaks a rule of its table (written while the rule was turned off): correct it with an UPDATE (the repair never changes a row)."
                : "The file is damaged. " + damaged
        case .schema(_, let refusal?), .fullTextIndex(_, _, let refusal?): RepairWords().advice(refusal)
        case .schema(let difference, nil): fix(difference)
        case .danglingRow(let row):
            "Add "
                + ((row.missionIsMissing ? ["mission \(row.missionID.displayText) to missions"] : [])
                + (row.astronautIsMissing ? ["astronaut \(row.astronautID.displayText) to astronauts"] : [])).joined(separator: " and ")
                + ", or delete the row: DELETE FROM crew WHERE mission_id = \(sqlLiteral(row.missionID)) AND position = \(sqlLiteral(row.position));"
        case .fullTextIndex(_, let table, nil): "\(repair) rebuilds it from \(table)."
        case .namelessAstronaut(let id): "Give them one: UPDATE astronauts SET name = '...' WHERE id = \(sqlLiteral(id));"
        case .astronautNumberedZero(let id, let nextNumber):
            "Give them the next number: UPDATE astronauts SET number = \(nextNumber) WHERE id = \(sqlLiteral(id));"
        case .rolelessCrewRow(let mission, let position):
            "Give it one: UPDATE crew SET role = '...' WHERE mission_id = \(sqlLiteral(mission)) AND position = \(sqlLiteral(position));"
        case .derivedValue, .more(_, .derivedValue): "\(repair) sets it by its rule."
        case .more(_, .integrity): "The file is damaged. " + damaged
        case .more(_, .danglingRow): "Add what they name, or delete them all: \(DanglingCrewRows.deleteAll)"
        case .more: "As above."
        case .notChecked(_, _, let isDamaged): isDamaged ? damaged : "Put the schema right with \(repair), then check again."
        }
    }

    /// What the repair does for a difference from schema.sql it would not refuse.
    private func fix(_ difference: SchemaDifference) -> String {
        let object = difference.object
        let isTable = object.type == "table" && object.sql?.hasPrefix("CREATE VIRTUAL TABLE") == false
        switch difference.kind {
        case .missing: return isTable ? "\(repair) creates it, empty, as schema.sql makes it." : "\(repair) creates it as schema.sql makes it."
        case .changed: return isTable ? "\(repair) rebuilds it as schema.sql makes it, keeping its rows." : "\(repair) makes it again as schema.sql does."
        case .replaced(let other): return "\(repair) drops the \(other) and makes the \(object.type) as schema.sql does."
        case .extra: return ""
        }
    }

    private static func name(of part: DatabaseReport.Problem.Part) -> String {
        switch part {
        case .integrity: "The file's integrity"
        case .danglingRows: "Crew rows that point nowhere"
        case .ruleBreaks: "Rows that break the triggers' rules"
        case .derivedValues: "Derived values"
        case .fullTextIndex(let index): "Full-text index \(index)"
        }
    }
}
