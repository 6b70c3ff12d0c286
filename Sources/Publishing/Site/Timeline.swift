import Dataset
import Questions

/// What the timeline page shows: the missions in time order, each astronaut's flights on them as a row. A large
/// dataset's timeline holds only its first `limit` missions by launch date, so the page stays a page.
struct Timeline {
    /// The most missions a timeline shows, and the most astronauts without a flight it names.
    static let limit = 200

    /// A mission: a column of the chart.
    struct Mission {
        let id: Int64
        /// The name, or nil for a mission that crew rows name but the missions table lacks.
        let name: String?
        let badge: String?
        /// Nil for a mission that never launched (or whose date is not a day).
        let launchDate: LaunchDate?
        let crew: [CrewMember]

        var nameOrMissing: String { name ?? MissingRow.mission(id: id).description }
        /// The mission's page; nil for one missing from the missions table.
        var page: String? { name == nil ? nil : SitePaths.missionPage(id: id) }
    }

    /// A crew member, with their page; nil for an astronaut missing from the astronauts table.
    struct CrewMember {
        let assignment: CrewAssignment
        let page: String?
    }

    /// An astronaut: a row of the chart.
    struct Astronaut {
        let id: String
        let name: String?
        let page: String?
        /// Their flights, in the order of `missions`.
        var flights: [Flight]

        var nameOrMissing: String { name ?? MissingRow.astronaut(id: id).description }
    }

    /// A mark of the chart: an astronaut on the mission `missions[mission]`.
    struct Flight {
        let mission: Int
        let role: String
        let isCommander: Bool
    }

    /// The missions shown: those without a launch date first (by number), then by launch date.
    let missions: [Mission]
    /// Everyone who flew one of `missions`, in the order of their first flight there, then of that mission's crew list.
    let astronauts: [Astronaut]
    /// Astronauts no crew row names, by name (at most `limit`).
    let grounded: [Astronaut]
    /// How many missions there are in all, and astronauts without a flight.
    let missionCount: Int
    let groundedCount: Int

    init(missions: [Mission], astronauts grounded: [Astronaut], missionCount: Int, groundedCount: Int, firstFlightOrder: [String] = []) {
        self.firstFlightOrder = firstFlightOrder
        self.missions = missions.enumerated().sorted { first, second in
            switch (first.element.launchDate, second.element.launchDate) {
            case (nil, nil): first.element.id < second.element.id
            case (nil, _): true
            case (_, nil): false
            case (let one?, let other?): one != other ? one < other : first.element.id < second.element.id
            }
        }.map(\.element)
        var rows: [Astronaut] = []
        var rowOf: [ExactString: Int] = [:]
        for (index, mission) in self.missions.enumerated() {
            for member in mission.crew {
                let crew = member.assignment
                let flight = Flight(mission: index, role: crew.role, isCommander: crew.canonicalRole == "Commander")
                if let row = rowOf[ExactString(crew.astronautID)] {
                    rows[row].flights.append(flight)
                } else {
                    rowOf[ExactString(crew.astronautID)] = rows.count
                    rows.append(Astronaut(id: crew.astronautID, name: crew.astronautName, page: member.page, flights: [flight]))
                }
            }
        }
        astronauts = rows
        self.grounded = grounded
        self.missionCount = missionCount
        self.groundedCount = groundedCount
    }

    /// The astronauts' ids as `moonshot astronauts --sort first-flight` lists them.
    let firstFlightOrder: [String]

    /// Everyone, flown or not, in `moonshot astronauts --sort first-flight` order (`firstFlightOrder`), then those only
    /// crew rows name; the chart's rows go by their first column instead.
    var byFirstFlight: [Astronaut] {
        var place: [ExactString: Int] = [:]
        for (index, id) in firstFlightOrder.enumerated() where place[ExactString(id)] == nil { place[ExactString(id)] = index }
        return (astronauts + grounded).enumerated().sorted { one, other in
            (place[ExactString(one.element.id)] ?? Int.max, one.offset) < (place[ExactString(other.element.id)] ?? Int.max, other.offset)
        }.map(\.element)
    }

    /// The missions without a launch date, which come first.
    var undatedCount: Int { missions.prefix(while: { $0.launchDate == nil }).count }

    /// The first and last year of a launch, if any mission has a date.
    var years: ClosedRange<Int>? {
        guard let first = missions.first(where: { $0.launchDate != nil })?.launchDate, let last = missions.last?.launchDate else { return nil }
        return first.year...last.year
    }
}
