import Dataset
import XCTest

@testable import MoonshotCLI
@testable import Store

/// An import that meets what the repair refuses says so as its own work, with its own command to run again.
final class RepairWordsTests: XCTestCase {
    func testAnImportsRefusalNeverSpeaksOfTheRepair() {
        let path = "my data.db"
        let object = SchemaObject(type: "view", name: "crew_roster", table: "crew_roster", sql: nil)
        let key = ColumnDifferences.Column(name: "id", type: "INTEGER")
        let refusals: [RepairRefusal] = [
            .damaged(path: path, finding: "page 3 is never used"),
            .rowsWouldChange(path: path, table: "missions"),
            .cannotMakeAgain(path: path, type: "trigger", name: "mine", sqliteMessage: "no such column: x"),
            .cannotMakeAgain(path: path, type: "view", name: "astronauts_by_name", sqliteMessage: nil),
            .tableInPlaceOf(path: path, name: "crew_roster", type: "view"),
            .tableNotInPlace(path: path, table: "crew", standing: "view", candidate: nil, keys: [key]),
            .tableNotInPlace(path: path, table: "crew", standing: nil, candidate: "crew_old", keys: [key]),
            .tableNotInPlace(path: path, table: "crew", standing: "virtual table", candidate: nil, keys: [key]),
            .keyColumnMissing(path: path, table: "missions", column: key, present: ["number"], extra: ["number"]),
            .keyWouldChange(path: path, table: "missions", row: .keyed("id = '011'")),
            .indexHoldsRows(path: path, index: "missions_fts"),
            .tableInIndexsPlace(path: path, index: "missions_fts", table: "missions_fts_data", type: "table"),
            .tableInIndexsPlace(path: path, index: "missions_fts", table: "missions_fts_idx", type: "view"),
            .fullTextIndexTooDamaged(path: path, index: "missions_fts", sqliteMessage: "database disk image is malformed"),
            .extraColumns(path: path, table: "missions", columns: ColumnDifferences(extra: ["note"], missing: [])),
            .rowBreaksRule(path: path, table: "crew", row: .numbered(3), sqliteMessage: "NOT NULL constraint failed"),
            .notPutRight(path: path, first: SchemaDifference(kind: .missing, object: object)),
            .sqliteFailed(path: path, sqliteMessage: "disk I/O error"),
        ]
        let repairCommand = "moonshot check --repair --db 'my data.db'"
        let importCommand = "moonshot import --db 'my data.db'"
        for refusal in refusals {
            let repairs = RepairWords().message(refusal).text
            let imports = RepairWords(importAgain: { "moonshot import --db " + shellQuoted($0) }).message(refusal).text
            XCTAssertFalse(imports.lowercased().contains("repair"), imports)
            let commands = repairs.components(separatedBy: repairCommand).count + repairs.components(separatedBy: importCommand).count - 1
            XCTAssertEqual(imports.components(separatedBy: importCommand).count, commands, imports)
            XCTAssertFalse(imports.contains("empty."), imports)
        }
    }
}
