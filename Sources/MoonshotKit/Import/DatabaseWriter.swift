/// Writes validated records into a database whose schema is already in place,
/// through statements prepared once.
final class DatabaseWriter: DatasetSink {
    private let insertAstronaut: Statement
    private let insertMission: Statement
    private let insertCrew: Statement

    init(_ database: Database) throws {
        insertAstronaut = try database.prepare("INSERT INTO astronauts (id, name, description) VALUES (?, ?, ?)")
        insertMission = try database.prepare("INSERT INTO missions (id, launch_date, description) VALUES (?, ?, ?)")
        insertCrew = try database.prepare(
            "INSERT INTO crew (mission_id, astronaut_id, role, canonical_role, position) VALUES (?, ?, ?, ?, ?)")
    }

    func add(_ astronaut: Astronaut) throws {
        try insertAstronaut.bind(astronaut.id, at: 1)
        try insertAstronaut.bind(astronaut.name, at: 2)
        try insertAstronaut.bind(astronaut.description, at: 3)
        try insertAstronaut.run()
    }

    func add(_ mission: Mission) throws {
        try insertMission.bind(mission.id, at: 1)
        try insertMission.bind(mission.launchDate?.iso, at: 2)
        try insertMission.bind(mission.description, at: 3)
        try insertMission.run()
        for (index, member) in mission.crew.enumerated() {
            try insertCrew.bind(mission.id, at: 1)
            try insertCrew.bind(member.astronautID, at: 2)
            try insertCrew.bind(member.role, at: 3)
            try insertCrew.bind(member.canonicalRole, at: 4)
            try insertCrew.bind(Int64(index + 1), at: 5)
            try insertCrew.run()
        }
    }
}
