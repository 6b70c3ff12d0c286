import XCTest
@testable import MoonshotKit

/// The pieces a small import builds its search indexes with: the empty search database made
/// at build time, the shadow tables an index lives in, and copying a finished index across.
final class SearchIndexTests: XCTestCase {
    func testEveryIndexKnowsTheShadowTablesTheSchemaGivesIt() throws {
        let reference = try Database(path: ":memory:", mode: .readWriteCreate)
        try reference.execute(EmbeddedDataset.schemaSQL)
        let virtualTables = try reference.rows("SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
        XCTAssertEqual(virtualTables.compactMap { $0.text(0) }, FullTextIndex.allCases.map(\.rawValue).sorted())
        // FTS5 names its tables after the virtual table and an underscore.
        let shadowTables = try reference.rows("""
            SELECT t.name FROM sqlite_schema AS t JOIN sqlite_schema AS v
              ON v.sql LIKE 'CREATE VIRTUAL TABLE%' AND substr(t.name, 1, length(v.name) + 1) = v.name || '_'
            WHERE t.type = 'table' ORDER BY t.name
            """)
        XCTAssertEqual(shadowTables.compactMap { $0.text(0) }, FullTextIndex.allCases.flatMap(\.shadowTables).sorted())
    }

    func testEmptySearchDatabaseMadeAtBuildTimeHoldsTheFullTextIndexesOfSchemaSQL() throws {
        let made = try EmbeddedDataset.openEmptySearchDatabase(reserving: 0)
        let reference = try Database(path: ":memory:", mode: .readWriteCreate)
        try reference.execute(EmbeddedDataset.schemaSQL)
        let names = FullTextIndex.allCases.flatMap { [$0.rawValue] + $0.shadowTables }
        let query = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name"
        XCTAssertEqual(try made.rows(query), try reference.rows(query).filter { names.contains($0.text(1) ?? "") })
        for table in FullTextIndex.allCases.flatMap(\.shadowTables) {
            XCTAssertEqual(try made.rows("SELECT * FROM \(table)"), try reference.rows("SELECT * FROM \(table)"), table)
        }
    }

    func testAnIndexBuiltApartAndCopiedInIsTheOneBuiltInPlace() throws {
        let astronauts = [
            Astronaut(id: "armstrong", name: "Neil A. Armstrong", description: "First person to walk on the Moon."),
            Astronaut(id: "aldrin", name: "Buzz Aldrin", description: "Lunar module pilot; walked on the Moon after Armstrong."),
            Astronaut(id: "collins", name: "Michael Collins", description: "Stayed in lunar orbit in Columbia."),
        ]
        let records = astronauts.enumerated().map { Record.astronaut($1, rowID: Int64($0 + 1)) }
        let apart = try EmbeddedDataset.openEmptySearchDatabase(reserving: 0)
        let writer = try SearchIndexWriter(apart, indexes: [.astronauts])
        for record in records { try writer.add(record) }
        try writer.add(.mission(Mission(id: 11, launchDate: nil, crew: [], description: "Ignored: not this writer's index.")))
        XCTAssertEqual(try apart.scalar("SELECT count(*) FROM missions_search_docsize"), .integer(0))
        let content = try SearchIndexContent(of: .astronauts, in: apart)

        let target = try EmbeddedDataset.openEmptyDatabase(reserving: 0)
        let tables = try DatabaseWriter(target)
        for record in records { try tables.add(record) }
        try content.write(into: target)
        try content.write(into: target)  // replacing a finished index works as well as filling an empty one
        try target.execute("INSERT INTO astronauts_search (astronauts_search, rank) VALUES ('integrity-check', 1)")
        // Row for row what building the index in place makes.
        let inPlace = try EmbeddedDataset.openEmptyDatabase(reserving: 0)
        let inPlaceWriter = try SearchIndexWriter(inPlace, indexes: [.astronauts])
        for record in records { try inPlaceWriter.add(record) }
        for table in FullTextIndex.astronauts.shadowTables {
            XCTAssertEqual(try target.rows("SELECT * FROM \(table)"), try inPlace.rows("SELECT * FROM \(table)"), table)
        }
        let query = "SELECT rowid FROM astronauts_search WHERE astronauts_search MATCH ? ORDER BY rank, rowid"
        let copied = try ["moon", "lunar", "armstrong", "columbia"].map { try target.rows(query, [.text($0)]) }
        XCTAssertEqual(copied[0].count, 2)
        try target.execute("INSERT INTO astronauts_search (astronauts_search) VALUES ('rebuild')")
        XCTAssertEqual(try ["moon", "lunar", "armstrong", "columbia"].map { try target.rows(query, [.text($0)]) }, copied)
    }

    func testTheReaderSaysWhenAstronautsJSONIsRead() throws {
        var events: [String] = []
        let reader = DatasetReader { record in
            switch record {
            case .astronaut: events.append("astronaut")
            case .mission: events.append("mission")
            }
        }
        try reader.read(astronauts: InputFile(.embedded("astronauts.json")), missions: InputFile(.embedded("missions.json"))) {
            events.append("between")
        }
        XCTAssertEqual(events, Array(repeating: "astronaut", count: 32) + ["between"] + Array(repeating: "mission", count: 12))
    }
}
