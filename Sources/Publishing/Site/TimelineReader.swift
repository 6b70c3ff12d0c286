import Dataset
import Questions
import SQLite

extension Timeline {
    /// The timeline of `reader`'s database: its first `limit` missions by launch date (then undated ones, then those only
    /// crew rows name), each with its crew. Read it inside the transaction the rest of the site is read in.
    static func read(from reader: SiteReader) throws -> Timeline {
        let database = reader.database
        var missions: [Mission] = []
        let rows = try database.prepare("SELECT id, name, badge, launch_date FROM missions ORDER BY launch_date IS NULL, launch_date, id LIMIT ?")
            .rows([.integer(Int64(limit))])
        for row in rows {
            guard let id = row.int64(0) else { continue }
            missions.append(
                Mission(
                    id: id, name: row.text(1) ?? "", badge: row.text(2), launchDate: row.text(3).flatMap(LaunchDate.init(iso:)),
                    crew: try reader.crew(ofMission: id)))
        }
        // Missions that crew rows name but the missions table lacks (edited with foreign keys off).
        let missing = try database.prepare(
            "SELECT DISTINCT mission_id FROM crew WHERE NOT EXISTS (SELECT 1 FROM missions AS m WHERE m.id = crew.mission_id) ORDER BY mission_id LIMIT ?"
        ).rows([.integer(Int64(limit - missions.count))])
        for row in missing {
            guard let id = row.int64(0) else { continue }
            missions.append(Mission(id: id, name: nil, badge: nil, launchDate: nil, crew: try reader.crew(ofMission: id)))
        }
        let grounded = try database.prepare(
            """
            SELECT id, name, number FROM astronauts AS a WHERE NOT EXISTS (SELECT 1 FROM crew AS c WHERE c.astronaut_id = a.id)
            ORDER BY name, id LIMIT ?
            """
        ).rows([.integer(Int64(limit))]).map { row in
            let id = row.text(0) ?? ""
            return Astronaut(id: id, name: row.text(1), page: row.int64(2).map { SitePaths.astronautPage(id: id, number: $0) }, flights: [])
        }
        let counts = try database.prepare(
            """
            SELECT (SELECT count(*) FROM missions)
                 + (SELECT count(DISTINCT mission_id) FROM crew WHERE NOT EXISTS (SELECT 1 FROM missions AS m WHERE m.id = crew.mission_id)),
                   (SELECT count(*) FROM astronauts AS a WHERE NOT EXISTS (SELECT 1 FROM crew AS c WHERE c.astronaut_id = a.id))
            """
        ).rows().first
        return Timeline(
            missions: missions, astronauts: grounded,
            missionCount: Int(counts?.int64(0) ?? 0), groundedCount: Int(counts?.int64(1) ?? 0),
            firstFlightOrder: try database.astronauts(in: .firstFlight).map(\.id))
    }
}
