/// The canned queries of `moonshot missions` and `moonshot astronauts`.
extension CannedQuery {
    /// Missions launched from `:from_year` to `:to_year` (NULL or empty: no bound), undated ones only when `:include_undated` is 1, yes or true.
    /// The years are a range of the index `missions_by_launch_date` (`1969-07-16` lies between `1969` and `1969-99`).
    package static let missionList = CannedQuery(
        name: "missions_by_launch_year", command: "missions", example: "moonshot missions --from 1969 --to 1970",
        title: "Missions launched in a span of years",
        description: "Missions launched from from_year to to_year (1969 and 1970; leave either empty for no bound), in number order, "
            + "with commander, crew size and the crew (a JSON array of ids and names). "
            + "Missions without a launch date (Apollo 1) are listed too when include_undated is 1, yes or true.",
        sql: """
            SELECT o.mission_id, o.mission_name, o.launch_date, o.commander_id, o.commander_name, o.crew_size,
                   (SELECT count(*) FROM crew AS c WHERE c.mission_id = o.mission_id
                     AND NOT EXISTS (SELECT 1 FROM astronauts AS a WHERE a.id = c.astronaut_id)) AS crew_without_astronaut,
                   -- The crew in crew-list order, as a JSON array: the window runs through the
                   -- crew in that order, and its last row holds them all.
                   coalesce((SELECT json_group_array(json_object('astronaut_id', c.astronaut_id, 'astronaut_name', a.name)) OVER (ORDER BY c.position)
                             FROM crew AS c LEFT JOIN astronauts AS a ON a.id = c.astronaut_id
                             WHERE c.mission_id = o.mission_id ORDER BY c.position DESC LIMIT 1), '[]') AS crew_names
            FROM mission_overview AS o
            WHERE o.launch_date BETWEEN printf('%04d', coalesce(nullif(:from_year, ''), 0))
                                    AND printf('%04d-99', coalesce(nullif(:to_year, ''), 9999))
               OR (o.launch_date IS NULL AND lower(trim(:include_undated)) IN ('1', 'yes', 'true'))
            ORDER BY o.mission_id
            """,
        parameters: ["from_year", "to_year", "include_undated"])

    /// Every astronaut, ordered by `:sort` and then by name. It reads the whole astronauts table; each astronaut's crew
    /// rows and missions are searches of indexes.
    package static let astronautList = CannedQuery(
        name: "astronauts_in_order", command: "astronauts", example: "moonshot astronauts --sort flights",
        title: "Astronauts by name, number of flights or first flight",
        description: "Every astronaut with the number of missions flown and the first launch date. "
            + "sort is name, flights (most first) or first-flight (earliest first; those who never launched last).",
        sql: """
            SELECT a.id AS astronaut_id, a.name AS astronaut_name, count(c.mission_id) AS mission_count,
                   count(c.mission_id) - count(m.id) AS missions_missing, min(m.launch_date) AS first_flight_date
            FROM astronauts AS a
            LEFT JOIN crew AS c ON c.astronaut_id = a.id
            LEFT JOIN missions AS m ON m.id = c.mission_id
            GROUP BY a.id
            ORDER BY CASE :sort WHEN '\(AstronautOrder.flights.rawValue)' THEN -count(c.mission_id) END,
                     CASE :sort WHEN '\(AstronautOrder.firstFlight.rawValue)' THEN min(m.launch_date) IS NULL END,
                     CASE :sort WHEN '\(AstronautOrder.firstFlight.rawValue)' THEN min(m.launch_date) END,
                     a.name, a.id
            """,
        parameters: ["sort"])
}

/// The orders `moonshot astronauts --sort` lists the astronauts in.
package enum AstronautOrder: String, CaseIterable, Sendable {
    /// By name (the default).
    case name
    /// Most missions first.
    case flights
    /// Earliest first launch first; those with no dated flight last.
    case firstFlight = "first-flight"
}
