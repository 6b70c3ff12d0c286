import SQLite

/// An astronaut or mission a crew row names that is not in its table (deleted while the cascading triggers were
/// dropped, say). An answer still lists the crew row, with these words for the name; `moonshot check` explains it.
package enum MissingRow: Equatable, Sendable {
    case astronaut(id: String)
    case mission(id: Int64)

    /// The words in place of the name: "collins: not in the astronauts table".
    package var description: String {
        switch self {
        case .astronaut(let id): Self.words(id, "astronauts")
        case .mission(let id): Self.words(String(id), "missions")
        }
    }

    /// "collins: not in the astronauts table": the one place these words are written.
    package static func words(_ id: String, _ table: String) -> String { "\(id): not in the \(table) table" }
}

/// How many crew rows an answer lists or counts whose astronaut or mission is missing.
package struct CrewRowsPointingNowhere: Equatable, Sendable {
    package var withoutAstronaut = 0
    package var withoutMission = 0

    package init(withoutAstronaut: Int = 0, withoutMission: Int = 0) {
        (self.withoutAstronaut, self.withoutMission) = (withoutAstronaut, withoutMission)
    }

    static func + (left: Self, right: Self) -> Self {
        Self(withoutAstronaut: left.withoutAstronaut + right.withoutAstronaut, withoutMission: left.withoutMission + right.withoutMission)
    }
}
