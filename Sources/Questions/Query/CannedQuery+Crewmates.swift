/// Canned queries about whom an astronaut flew with, and when, each a search of `crew_by_astronaut` and the keys.
extension CannedQuery {
    /// One row per crewmate of `:astronaut_id`, with the shared missions in launch order as a JSON array (a name null
    /// for a mission missing from its table); most shared first, then by the first of them, then by id (the surname).
    package static let crewmates = CannedQuery(
        name: "crewmates_of_astronaut", command: "crewmates", example: "moonshot crewmates lovell", title: "Crewmates of an astronaut",
        description: "Everyone who flew with an astronaut, with the missions they shared (a JSON array, in launch order), "
            + "most shared missions first, then by the first of them and by id. astronaut_id is the astronaut's id: lovell.",
        sql: """
            SELECT crewmate_id, crewmate_name, shared_mission_count, shared_missions FROM (
                SELECT crewmate_id, crewmate_name, launch_date, mission_id,
                       count(*) OVER crewmate AS shared_mission_count,
                       json_group_array(json_object('mission_id', mission_id, 'mission_name', mission_name)) OVER crewmate AS shared_missions,
                       row_number() OVER crewmate AS number
                FROM (SELECT o.astronaut_id AS crewmate_id, a.name AS crewmate_name, c.mission_id, m.name AS mission_name, m.launch_date
                      FROM crew AS c
                      JOIN crew AS o ON o.mission_id = c.mission_id AND o.astronaut_id <> c.astronaut_id
                      LEFT JOIN missions AS m ON m.id = c.mission_id
                      LEFT JOIN astronauts AS a ON a.id = o.astronaut_id
                      WHERE c.astronaut_id = :astronaut_id)
                -- Each crewmate's shared missions in launch order, all in the frame; the first is row 1.
                WINDOW crewmate AS (PARTITION BY crewmate_id ORDER BY \(launchOrder) ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
            )
            WHERE number = 1
            -- Most shared first; then the crew of one flight together, in launch order, each crew by id
            -- (the surname: anders, borman).
            ORDER BY shared_mission_count DESC, \(launchOrder), crewmate_id
            """,
        parameters: ["astronaut_id"])

    /// `flights` of `:astronaut_id` on the missions `:crewmate_id` flew too, with the second's role; none for the same
    /// astronaut twice.
    package static let sharedMissions = CannedQuery(
        name: "missions_flown_together", command: "crewmates", example: "moonshot crewmates armstrong --with aldrin",
        title: "Missions two astronauts flew together",
        description: "The missions two astronauts flew together, with each one's role, in launch order. "
            + "astronaut_id and crewmate_id are the astronauts' ids: armstrong and aldrin (two different ones).",
        sql: flightsSQL(
            crewmateRole: "(SELECT canonical_role FROM crew WHERE mission_id = crew_roster.mission_id AND astronaut_id = :crewmate_id)",
            also: "AND mission_id IN (SELECT mission_id FROM crew WHERE astronaut_id = :crewmate_id) AND :crewmate_id <> :astronaut_id"),
        parameters: ["astronaut_id", "crewmate_id"])

    /// First and last launched missions of `:astronaut_id` and the years between; no row for one with no dated flight.
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
