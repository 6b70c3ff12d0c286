/// A person from astronauts.json.
package struct Astronaut: Equatable, Sendable {
    /// The key in astronauts.json, such as "armstrong".
    package var id: String
    /// The full name, such as "Neil A. Armstrong".
    package var name: String
    /// Wikipedia text about the astronaut.
    package var description: String

    package init(id: String, name: String, description: String) {
        self.id = id
        self.name = name
        self.description = description
    }
}

/// One entry of a mission's crew list.
package struct CrewMember: Equatable, Sendable {
    /// The astronaut's id, the crew entry's "name" in missions.json.
    package var astronautID: String
    /// The role title exactly as the source writes it.
    package var role: String

    package init(astronautID: String, role: String) {
        self.astronautID = astronautID
        self.role = role
    }

}

/// A mission from missions.json.
package struct Mission: Equatable, Sendable {
    /// The mission number: 11 for Apollo 11.
    package var id: Int64
    /// The launch date; nil for a mission that never launched (Apollo 1).
    package var launchDate: LaunchDate?
    /// The crew in the source's order.
    package var crew: [CrewMember]
    /// Wikipedia text about the mission.
    package var description: String

    package init(id: Int64, launchDate: LaunchDate?, crew: [CrewMember], description: String) {
        self.id = id
        self.launchDate = launchDate
        self.crew = crew
        self.description = description
    }
}
