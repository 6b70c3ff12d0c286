/// Writes validated records into the tables of a database whose schema is already in place,
/// through statements prepared once. The derived columns (a mission's name and badge, a crew
/// row's canonical role) are left empty: `DerivedValues.fillIn` works them out once the rows
/// are in, by the rule schema.sql gives.
final class DatabaseWriter {
    private let insertAstronaut: Statement
    private let insertMission: Statement
    private let insertCrew: Statement

    init(_ database: Database) throws {
        insertAstronaut = try database.prepare("INSERT INTO astronauts (number, id, name, description) VALUES (?, ?, ?, ?)")
        insertMission = try database.prepare("INSERT INTO missions (id, launch_date, description) VALUES (?, ?, ?)")
        insertCrew = try database.prepare("INSERT INTO crew (mission_id, position, astronaut_id, role) VALUES (?, ?, ?, ?)")
    }

    /// Writes one record: an astronaut's row, or a mission's row and its crew's.
    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut, let number):
            try insertAstronaut.execute([.integer(number), .text(astronaut.id), .text(astronaut.name), .text(astronaut.description)])
        case .mission(let mission):
            try insertMission.execute([.integer(mission.id), mission.launchDate.map { .text($0.iso) } ?? .null,
                                       .text(mission.description)])
            for (index, member) in mission.crew.enumerated() {
                try insertCrew.execute([.integer(mission.id), .integer(Int64(index + 1)), .text(member.astronautID),
                                        .text(member.role)])
            }
        }
    }
}
