import Dataset
import SQLite

/// Writes validated records into a schema without its triggers, through statements prepared once. A crew row's canonical role is worked out once
/// per role title (a handful per dataset; the rule costs microseconds a row). Mission names and badges are left to `DerivedValues.fillIn`.
final class DatabaseWriter {
    private let insertAstronaut: Statement
    private let insertMission: Statement
    private let insertCrew: Statement
    private let setCanonicalRole: Statement
    /// Canonical titles by role title, from the rule, once each.
    private var canonicalRoles: [String: String] = [:]

    init(_ database: Database) throws {
        insertAstronaut = try database.prepare("INSERT INTO astronauts (number, id, name, description) VALUES (?, ?, ?, ?)")
        insertMission = try database.prepare("INSERT INTO missions (id, launch_date, description) VALUES (?, ?, ?)")
        insertCrew = try database.prepare(
            "INSERT INTO crew (mission_id, position, astronaut_id, role, canonical_role) VALUES (?, ?, ?, ?, ?)")
        setCanonicalRole = try database.prepare(DerivedValues.setCanonicalRoleOfOneCrewRow)
    }

    func add(_ record: Record) throws {
        switch record {
        case .astronaut(let astronaut, let number):
            try insertAstronaut.execute([.integer(number), .text(astronaut.id), .text(astronaut.name), .text(astronaut.description)])
        case .mission(let mission):
            try insertMission.execute([
                .integer(mission.id), mission.launchDate.map { .text($0.iso) } ?? .null,
                .text(mission.description),
            ])
            for (index, member) in mission.crew.enumerated() {
                let position = Int64(index + 1)
                let known = canonicalRoles[member.role]
                try insertCrew.execute([
                    .integer(mission.id), .integer(position), .text(member.astronautID),
                    .text(member.role), .text(known ?? ""),
                ])
                if known == nil {
                    canonicalRoles[member.role] = try setCanonicalRole.rows([.integer(mission.id), .integer(position)]).first?.text(0)
                }
            }
        }
    }
}
