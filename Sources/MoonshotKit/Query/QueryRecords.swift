import SQLite
/// One line of `moonshot missions`.
package struct MissionSummary: Equatable, Sendable, FieldRecord {
    package let id: Int64
    package let name: String
    package let launchDate: LaunchDate?
    /// The commander's id, or nil for a mission without one.
    package let commanderID: String?
    /// The commander's name, or nil for a mission without one or whose commander is missing
    /// from the astronauts table.
    package let commanderName: String?
    /// The rows of its crew list (`crew` lists the same).
    package let crewSize: Int
    /// How many of them name an astronaut missing from the astronauts table.
    package let crewWithoutAstronaut: Int

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .missionID: .integer(id)
        case .missionName: .text(name)
        case .launchDate: .date(launchDate)
        case .commanderID: .text(commanderID)
        case .commanderName: commanderName.map { .text($0) } ?? commanderID.map { .missing(.astronaut(id: $0)) } ?? .none
        case .crewSize: .integer(crewSize)
        default: .none
        }
    }

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { CrewRowsPointingNowhere(withoutAstronaut: crewWithoutAstronaut) }
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

    /// The mission's name, or the words saying it is missing.
    package var missionNameOrMissing: String { missionName ?? MissingRow.mission(id: missionID).description }

    /// The astronaut's name, or the words saying they are missing.
    package var astronautNameOrMissing: String { astronautName ?? MissingRow.astronaut(id: astronautID).description }

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .missionID: .integer(missionID)
        case .missionName: missionName.map { .text($0) } ?? .missing(.mission(id: missionID))
        // A missing mission's launch date is unknown, not "N/A".
        case .launchDate: missionName == nil ? .none : .date(launchDate)
        case .position: .integer(position)
        case .astronautID: .text(astronautID)
        case .astronautName: astronautName.map { .text($0) } ?? .missing(.astronaut(id: astronautID))
        case .role: .text(role)
        case .canonicalRole: .text(canonicalRole)
        default: .none
        }
    }

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere {
        CrewRowsPointingNowhere(withoutAstronaut: astronautName == nil ? 1 : 0, withoutMission: missionName == nil ? 1 : 0)
    }
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

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .missionID: .integer(id)
        case .missionName: .text(name)
        case .badge: .text(badge)
        case .launchDate: .date(launchDate)
        case .description: .text(description)
        default: .none
        }
    }
}

/// One line of `moonshot astronauts`.
package struct AstronautSummary: Equatable, Sendable, FieldRecord {
    package let id: String
    package let name: String
    /// Their crew rows (`flights` lists the same).
    package let missionCount: Int
    /// How many of them name a mission missing from the missions table.
    package let flightsWithoutMission: Int

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .astronautID: .text(id)
        case .astronautName: .text(name)
        case .missionCount: .integer(missionCount)
        default: .none
        }
    }

    package var crewRowsPointingNowhere: CrewRowsPointingNowhere { CrewRowsPointingNowhere(withoutMission: flightsWithoutMission) }
}

/// Everything about one astronaut: `moonshot astronaut armstrong`.
package struct AstronautDetail: Equatable, Sendable, FieldRecord {
    package let id: String
    package let name: String
    package let description: String
    /// The missions flown, in launch order.
    package let flights: [CrewAssignment]

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .astronautID: .text(id)
        case .astronautName: .text(name)
        case .description: .text(description)
        default: .none
        }
    }
}

/// One result of `moonshot search`: a mission or an astronaut.
package struct SearchHit: Equatable, Sendable, FieldRecord {
    package enum Kind: String, Sendable { case mission, astronaut }
    package let kind: Kind
    /// The mission's number, for a mission.
    package let missionID: Int64?
    /// "Apollo 13", for a mission.
    package let missionName: String?
    /// "lovell", for an astronaut.
    package let astronautID: String?
    /// "James A. Lovell Jr.", for an astronaut.
    package let astronautName: String?
    /// The best-matching stretch of text on one line, matched words marked `*like this*`.
    package let snippet: String

    /// The mission's number or the astronaut's id, as text.
    package var key: String { missionID.map { String($0) } ?? astronautID ?? "" }

    /// The same hit with another snippet.
    func with(snippet: String) -> SearchHit {
        SearchHit(kind: kind, missionID: missionID, missionName: missionName, astronautID: astronautID, astronautName: astronautName,
                  snippet: snippet)
    }

    package subscript(field: Field) -> AnswerValue {
        switch field {
        case .kind: .text(kind.rawValue)
        case .missionID: missionID.map { .integer($0) } ?? .none
        case .missionName: .text(missionName)
        case .astronautID: .text(astronautID)
        case .astronautName: .text(astronautName)
        case .snippet: .text(snippet)
        default: .none
        }
    }
}
