/// Writes validated records into the tables of a database whose schema is already in place,
/// through statements prepared once.
final class DatabaseWriter {
    private let insertAstronaut: Statement
    private let insertMission: Statement
    private let insertCrew: Statement
    /// Canonical titles by role title, worked out once each: a dataset uses a handful of titles.
    private var canonicalRoles: [String: String] = [:]

    init(_ database: Database) throws {
        insertAstronaut = try database.prepare("INSERT INTO astronauts (number, id, name, description) VALUES (?, ?, ?, ?)")
        insertMission = try database.prepare("INSERT INTO missions (id, name, badge, launch_date, description) VALUES (?, ?, ?, ?, ?)")
        insertCrew = try database.prepare(
            "INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (?, ?, ?, ?, ?)")
    }

    /// Writes one record: an astronaut's row, or a mission's row and its crew's.
    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut, let number):
            try insertAstronaut.execute([.integer(number), .text(astronaut.id), .text(astronaut.name), .text(astronaut.description)])
        case .mission(let mission):
            try insertMission.execute([.integer(mission.id), .text(mission.displayName), .text(mission.badge),
                                       mission.launchDate.map { .text($0.iso) } ?? .null,
                                       .text(mission.description)])
            for (index, member) in mission.crew.enumerated() {
                try insertCrew.execute([.integer(mission.id), .integer(Int64(index + 1)), .text(member.astronautID),
                                        .text(member.role), .text(canonicalRole(of: member.role))])
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
