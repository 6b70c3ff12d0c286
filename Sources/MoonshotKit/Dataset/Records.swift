/// A person from astronauts.json.
public struct Astronaut: Equatable, Sendable {
    /// The key in astronauts.json, such as "armstrong".
    public var id: String
    /// The full name, such as "Neil A. Armstrong".
    public var name: String
    /// Wikipedia text about the astronaut.
    public var description: String

    public init(id: String, name: String, description: String) {
        self.id = id
        self.name = name
        self.description = description
    }
}

/// One entry of a mission's crew list.
public struct CrewMember: Equatable, Sendable {
    /// The astronaut's id, the crew entry's "name" in missions.json.
    public var astronautID: String
    /// The role title exactly as the source writes it.
    public var role: String

    public init(astronautID: String, role: String) {
        self.astronautID = astronautID
        self.role = role
    }

}

/// A mission from missions.json.
public struct Mission: Equatable, Sendable {
    /// The mission number: 11 for Apollo 11.
    public var id: Int64
    /// The launch date; nil for a mission that never launched (Apollo 1).
    public var launchDate: LaunchDate?
    /// The crew in the source's order.
    public var crew: [CrewMember]
    /// Wikipedia text about the mission.
    public var description: String

    public init(id: Int64, launchDate: LaunchDate?, crew: [CrewMember], description: String) {
        self.id = id
        self.launchDate = launchDate
        self.crew = crew
        self.description = description
    }

    /// The name the Moonshot app shows: "Apollo 11" (`missions.name`; schema.sql checks it).
    public var displayName: String { "Apollo \(id)" }

    /// The name of the app's badge picture: "apollo11" (`missions.badge`; schema.sql checks it).
    public var badge: String { "apollo\(id)" }
}
