import Questions
import SQLite

/// A mission as the site shows it: its detail, and the page of each crew member.
struct SiteMission {
    let detail: MissionDetail
    /// The page of each of `detail.crew`, in the same order; nil for an astronaut missing from the astronauts table.
    let crewPages: [String?]
}

/// An astronaut as the site shows them: their detail and page, and the badge of each mission flown.
struct SiteAstronaut {
    let detail: AstronautDetail
    let page: String
    /// The badge of each of `detail.flights`' missions, in order; nil for a mission missing from the missions table.
    let flightBadges: [String?]
}

/// Reads the site's missions and astronauts one at a time in its order, so a site takes as little memory for 60,000 missions as for 12. Use it
/// inside `MoonshotDatabase.readSnapshot`, so an import committed meanwhile is seen wholly or not at all.
final class SiteReader {
    let database: MoonshotDatabase
    private let missions: Statement
    private let astronauts: Statement
    private let crew: Statement
    private let flights: Statement
    private var missionsEnded = false
    private var astronautsEnded = false

    init(_ database: MoonshotDatabase) throws {
        self.database = database
        missions = try database.prepare("SELECT id, name, badge, launch_date, description FROM missions ORDER BY id")
        astronauts = try database.prepare("SELECT id, name, description, number FROM astronauts ORDER BY name, id")
        // The canned crew and flights questions, with the astronaut's number and the mission's badge.
        crew = try database.prepare(
            """
            SELECT \(CannedQuery.crewColumns), (SELECT number FROM astronauts AS a WHERE a.id = crew_roster.astronaut_id)
            FROM crew_roster WHERE mission_id = ? ORDER BY position
            """)
        flights = try database.prepare(
            """
            SELECT \(CannedQuery.crewColumns), (SELECT badge FROM missions AS m WHERE m.id = crew_roster.mission_id)
            FROM crew_roster WHERE astronaut_id = ? ORDER BY launch_date IS NOT NULL, launch_date, mission_id
            """)
    }

    func counts() throws -> (missions: Int, astronauts: Int) {
        let row = try database.prepare("SELECT (SELECT count(*) FROM missions), (SELECT count(*) FROM astronauts)").rows([]).first
        return (Int(row?.int64(0) ?? 0), Int(row?.int64(1) ?? 0))
    }

    /// The next mission, or nil after the last.
    func nextMission() throws -> SiteMission? {
        guard !missionsEnded, try missions.step() else {
            missionsEnded = true
            return nil
        }
        let id = try missions.notNullInt64(0)
        let crew = try crew(ofMission: id)
        let detail = MissionDetail(
            id: id, name: try missions.notNullText(1), badge: try missions.notNullText(2),
            launchDate: missions.launchDate(3), description: try missions.notNullText(4), crew: crew.map(\.assignment))
        return SiteMission(detail: detail, crewPages: crew.map(\.page))
    }

    /// The crew of mission `id`, in the source's order, each with their page.
    func crew(ofMission id: Int64) throws -> [Timeline.CrewMember] {
        var crew: [Timeline.CrewMember] = []
        try each(of: self.crew, [.integer(id)]) { row in
            let member = try MoonshotDatabase.crewAssignment(row)
            let page = row.int64(8).map { SitePaths.astronautPage(id: member.astronautID, number: $0) }
            crew.append(Timeline.CrewMember(assignment: member, page: page))
        }
        return crew
    }

    /// The next astronaut, or nil after the last.
    func nextAstronaut() throws -> SiteAstronaut? {
        guard !astronautsEnded, try astronauts.step() else {
            astronautsEnded = true
            return nil
        }
        let id = try astronauts.notNullText(0)
        var flown: [CrewAssignment] = []
        var badges: [String?] = []
        try each(of: flights, [.text(id)]) { row in
            flown.append(try MoonshotDatabase.crewAssignment(row))
            badges.append(row.text(8))
        }
        let detail = AstronautDetail(id: id, name: try astronauts.notNullText(1), description: try astronauts.notNullText(2), flights: flown)
        return SiteAstronaut(detail: detail, page: SitePaths.astronautPage(id: id, number: try astronauts.notNullInt64(3)), flightBadges: badges)
    }

    private func each(of statement: Statement, _ values: [SQLValue], _ body: (Statement) throws -> Void) throws {
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() { try body(statement) }
    }
}
