/// Writes validated records into the tables of a database whose schema is already in place,
/// through statements prepared once.
final class DatabaseWriter {
    private let insertAstronaut: Statement
    private let insertMission: Statement
    private let insertCrew: Statement
    /// Canonical titles by role title: a dataset uses only a handful of titles.
    private var canonicalRoles: [String: String] = [:]

    init(_ database: Database) throws {
        insertAstronaut = try database.prepare("INSERT INTO astronauts (rowid, id, name, description) VALUES (?, ?, ?, ?)")
        insertMission = try database.prepare("INSERT INTO missions (id, launch_date, description) VALUES (?, ?, ?)")
        insertCrew = try database.prepare(
            "INSERT INTO crew (mission_id, astronaut_id, role, canonical_role, position) VALUES (?, ?, ?, ?, ?)")
    }

    /// Writes one record: an astronaut's row, or a mission's row and its crew's.
    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut, let rowID):
            try insertAstronaut.bind(rowID, at: 1)
            try insertAstronaut.bind(astronaut.id, at: 2)
            try insertAstronaut.bind(astronaut.name, at: 3)
            try insertAstronaut.bind(astronaut.description, at: 4)
            try insertAstronaut.run()
        case .mission(let mission):
            try insertMission.bind(mission.id, at: 1)
            try insertMission.bind(mission.launchDate?.iso, at: 2)
            try insertMission.bind(mission.description, at: 3)
            try insertMission.run()
            for (index, member) in mission.crew.enumerated() {
                try insertCrew.bind(mission.id, at: 1)
                try insertCrew.bind(member.astronautID, at: 2)
                try insertCrew.bind(member.role, at: 3)
                try insertCrew.bind(canonicalRole(of: member.role), at: 4)
                try insertCrew.bind(Int64(index + 1), at: 5)
                try insertCrew.run()
            }
        }
    }

    private func canonicalRole(of role: String) -> String {
        if let known = canonicalRoles[role] { return known }
        let canonical = CrewRole.canonicalTitle(for: role)
        canonicalRoles[role] = canonical
        return canonical
    }
}
