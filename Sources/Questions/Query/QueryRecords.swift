import Dataset
import SQLite

/// One line of `moonshot missions`.
package struct MissionSummary: Equatable, Sendable, FieldRecord {
    package let id: Int64
    package let name: String
    package let launchDate: LaunchDate?
    /// The commander's id, or nil for a mission without one.
    package let commanderID: String?
    /// Nil for a mission without a commander, or whose commander is missing from the astronauts table.
    package let commanderName: String?
    /// The rows of its crew list (`crew` lists the same).
    package let crewSize: Int
    /// How many of them name an astronaut missing from the astronauts table.
    package let crewWithoutAstronaut: Int
    /// The crew in crew-list order (an astronaut missing from the astronauts table as such).
    package var crew: [AstronautReference] = []

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { CrewRowsPointingNowhere(withoutAstronaut: crewWithoutAstronaut) }
}

extension RecordField<MissionSummary> {
    static var missionID: Self { Self(.missionID, \.id) }
    static var missionName: Self { Self(.missionName, \.name) }
    static var launchDate: Self { Self(.launchDate, \.launchDate) }
    static var commanderID: Self { Self(.commanderID, \.commanderID) }
    static var commanderName: Self {
        Self(.commanderName) { record in
            record.commanderName.map { .text($0) } ?? record.commanderID.map { .missing(.astronaut(id: $0)) } ?? .none
        }
    }
    static var crewSize: Self { Self(.crewSize, \.crewSize) }
    static var crewNames: Self { Self(.crewNames, list: \.crew, id: .astronautID, name: .astronautName, separator: "; ") }
}

/// One astronaut's place on one mission's crew: a line of `crew`, `commander` and `flights`.
/// A crew row whose mission or astronaut is missing from its table is one too, without that name.
package struct CrewAssignment: Equatable, Sendable, FieldRecord {
    package let missionID: Int64
    /// The mission's name, or nil when the missions table has no such mission.
    package let missionName: String?
    package let launchDate: LaunchDate?
    /// 1 for the first in the source's crew list.
    package let position: Int
    package let astronautID: String
    /// The astronaut's name, or nil when the astronauts table has no such astronaut.
    package let astronautName: String?
    /// The role title as the source writes it.
    package let role: String
    /// The role's canonical title ("Commander" for "Command Pilot" too).
    package let canonicalRole: String

    package var missionNameOrMissing: String { missionName ?? MissingRow.mission(id: missionID).description }

    package var astronautNameOrMissing: String { astronautName ?? MissingRow.astronaut(id: astronautID).description }

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere {
        CrewRowsPointingNowhere(withoutAstronaut: astronautName == nil ? 1 : 0, withoutMission: missionName == nil ? 1 : 0)
    }
}

extension RecordField<CrewAssignment> {
    static var missionID: Self { Self(.missionID, \.missionID) }
    static var missionName: Self { Self(.missionName) { record in record.missionName.map { .text($0) } ?? .missing(.mission(id: record.missionID)) } }
    // A missing mission's launch date is unknown, not "N/A".
    static var launchDate: Self { Self(.launchDate) { record in record.missionName == nil ? .none : .date(record.launchDate) } }
    static var position: Self { Self(.position, \.position) }
    static var astronautID: Self { Self(.astronautID, \.astronautID) }
    static var astronautName: Self { Self(.astronautName) { record in record.astronautName.map { .text($0) } ?? .missing(.astronaut(id: record.astronautID)) } }
    static var role: Self { Self(.role, \.role) }
    static var canonicalRole: Self { Self(.canonicalRole, \.canonicalRole) }
}

/// Everything about one mission: `moonshot mission 11`.
package struct MissionDetail: Equatable, Sendable, FieldRecord {
    package let id: Int64
    package let name: String
    /// The name of the badge picture: "apollo11".
    package let badge: String
    package let launchDate: LaunchDate?
    package let description: String
    package let crew: [CrewAssignment]

    package init(id: Int64, name: String, badge: String, launchDate: LaunchDate?, description: String, crew: [CrewAssignment]) {
        (self.id, self.name, self.badge, self.launchDate, self.description, self.crew) = (id, name, badge, launchDate, description, crew)
    }
}

extension RecordField<MissionDetail> {
    static var missionID: Self { Self(.missionID, \.id) }
    static var missionName: Self { Self(.missionName, \.name) }
    static var badge: Self { Self(.badge, \.badge) }
    static var launchDate: Self { Self(.launchDate, \.launchDate) }
    static var description: Self { Self(.description, \.description) }
}

/// One line of `moonshot astronauts`.
package struct AstronautSummary: Equatable, Sendable, FieldRecord {
    package let id: String
    package let name: String
    /// Their crew rows (`flights` lists the same).
    package let missionCount: Int
    /// How many of them name a mission missing from the missions table.
    package let flightsWithoutMission: Int
    /// The launch date of the first of them that launched; nil when none did.
    package var firstFlightDate: LaunchDate? = nil

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { CrewRowsPointingNowhere(withoutMission: flightsWithoutMission) }
}

extension RecordField<AstronautSummary> {
    static var astronautID: Self { Self(.astronautID, \.id) }
    static var astronautName: Self { Self(.astronautName, \.name) }
    static var missionCount: Self { Self(.missionCount, \.missionCount) }
    static var firstFlightDate: Self { Self(.firstFlightDate, \.firstFlightDate) }
}

/// Everything about one astronaut: `moonshot astronaut armstrong`.
package struct AstronautDetail: Equatable, Sendable, FieldRecord {
    package let id: String
    package let name: String
    package let description: String
    /// The missions flown, in launch order.
    package let flights: [CrewAssignment]
    /// The first and last launched of them; nil when none launched.
    package var career: Career? = nil

    package init(id: String, name: String, description: String, flights: [CrewAssignment], career: Career? = nil) {
        (self.id, self.name, self.description, self.flights, self.career) = (id, name, description, flights, career)
    }
}

extension RecordField<AstronautDetail> {
    static var astronautID: Self { Self(.astronautID, \.id) }
    static var astronautName: Self { Self(.astronautName, \.name) }
    static var description: Self { Self(.description, \.description) }
    // For one who never launched, N/A in a table, null in JSON.
    static var firstFlight: Self { Self(.firstFlight) { $0.career.map { .text($0.firstFlight) } ?? .notApplicable } }
    static var firstFlightDate: Self { Self(.firstFlightDate) { .date($0.career?.firstFlightDate) } }
    static var lastFlight: Self { Self(.lastFlight) { $0.career.map { .text($0.lastFlight) } ?? .notApplicable } }
    static var lastFlightDate: Self { Self(.lastFlightDate) { .date($0.career?.lastFlightDate) } }
    static var careerYears: Self { Self(.careerYears) { $0.career.map { .integer($0.years) } ?? .notApplicable } }
}

/// One result of `moonshot search`: a mission or an astronaut.
package struct SearchHit: Equatable, Sendable, FieldRecord {
    package enum Kind: String, Sendable { case mission, astronaut }
    package let kind: Kind
    package let missionID: Int64?
    package let missionName: String?
    package let astronautID: String?
    package let astronautName: String?
    /// The best-matching stretch of text on one line, matched words marked `*like this*`.
    package internal(set) var snippet: String
}

extension RecordField<SearchHit> {
    static var kind: Self { Self(.kind) { .text($0.kind.rawValue) } }
    static var missionID: Self { Self(.missionID) { record in record.missionID.map { .integer($0) } ?? .none } }
    static var missionName: Self { Self(.missionName, \.missionName) }
    static var astronautID: Self { Self(.astronautID, \.astronautID) }
    static var astronautName: Self { Self(.astronautName, \.astronautName) }
    static var snippet: Self { Self(.snippet, \.snippet) }
}
