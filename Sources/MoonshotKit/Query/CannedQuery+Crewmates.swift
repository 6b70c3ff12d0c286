/// The questions about whom an astronaut flew with, and when: canned queries, each a search
/// of `crew_by_astronaut` and the tables' keys.
extension CannedQuery {
    /// Everyone who flew with astronaut `:astronaut_id`: one row per crewmate with the missions
    /// they shared (in launch order, as `flights` lists them), most shared missions first, then
    /// by name (a crewmate missing from the astronauts table after those with a name).
    package static let crewmates = CannedQuery(
        name: "crewmates_of_astronaut", command: "crewmates", example: "moonshot crewmates lovell", title: "Crewmates of an astronaut",
        description: "Everyone who flew with an astronaut, with the missions they shared, most shared missions first. "
            + "astronaut_id is the astronaut's id: lovell.",
        sql: """
            SELECT crewmate_id, crewmate_name, shared_mission_count, shared_missions, shared_missions_missing FROM (
                SELECT o.astronaut_id AS crewmate_id, a.name AS crewmate_name,
                       count(*) OVER crewmate AS shared_mission_count,
                       group_concat(coalesce(m.name, \(MissingRow.missionSQL("c.mission_id"))), ', ') OVER crewmate AS shared_missions,
                       count(*) OVER crewmate - count(m.id) OVER crewmate AS shared_missions_missing,
                       row_number() OVER crewmate AS number
                FROM crew AS c
                JOIN crew AS o ON o.mission_id = c.mission_id AND o.astronaut_id <> c.astronaut_id
                LEFT JOIN missions AS m ON m.id = c.mission_id
                LEFT JOIN astronauts AS a ON a.id = o.astronaut_id
                WHERE c.astronaut_id = :astronaut_id
                -- Each crewmate's shared missions in launch order (never launched first), all in the frame.
                WINDOW crewmate AS (PARTITION BY o.astronaut_id ORDER BY m.launch_date IS NOT NULL, m.launch_date, c.mission_id
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
            )
            WHERE number = 1
            ORDER BY shared_mission_count DESC, crewmate_name IS NULL, crewmate_name, crewmate_id
            """,
        parameters: ["astronaut_id"])

    /// The missions astronauts `:astronaut_id` and `:crewmate_id` flew together, as the first's
    /// crew rows (role included), in launch order.
    package static let sharedMissions = CannedQuery(
        name: "missions_flown_together", command: "crewmates", example: "moonshot crewmates armstrong --with aldrin",
        title: "Missions two astronauts flew together",
        description: "The missions two astronauts flew together, with the first one's role, in launch order. "
            + "astronaut_id and crewmate_id are the astronauts' ids: armstrong and aldrin.",
        sql: """
            SELECT \(crewColumns) FROM crew_roster
            WHERE astronaut_id = :astronaut_id
              AND mission_id IN (SELECT mission_id FROM crew WHERE astronaut_id = :crewmate_id)
            ORDER BY launch_date IS NOT NULL, launch_date, mission_id
            """,
        parameters: ["astronaut_id", "crewmate_id"])

    /// The first and last launched missions astronaut `:astronaut_id` flew, and the years from
    /// the one to the other; no row for an astronaut with no dated flight.
    package static let career = CannedQuery(
        name: "career_of_astronaut", command: "astronaut", example: "moonshot astronaut lovell", title: "First and last flight of an astronaut",
        description: "An astronaut's first and last launched missions and the years between them (0 for one flight); "
            + "no row for one who never launched. astronaut_id is the astronaut's id: lovell.",
        sql: """
            SELECT first.name AS first_flight, first.launch_date AS first_flight_date,
                   last.name AS last_flight, last.launch_date AS last_flight_date,
                   substr(last.launch_date, 1, 4) - substr(first.launch_date, 1, 4) AS career_years
            FROM (SELECT m.name, m.launch_date FROM crew AS c JOIN missions AS m ON m.id = c.mission_id
                  WHERE c.astronaut_id = :astronaut_id AND m.launch_date IS NOT NULL
                  ORDER BY m.launch_date, m.id LIMIT 1) AS first,
                 (SELECT m.name, m.launch_date FROM crew AS c JOIN missions AS m ON m.id = c.mission_id
                  WHERE c.astronaut_id = :astronaut_id AND m.launch_date IS NOT NULL
                  ORDER BY m.launch_date DESC, m.id DESC LIMIT 1) AS last
            """,
        parameters: ["astronaut_id"])
}
